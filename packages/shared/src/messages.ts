/**
 * Every user-facing validation message and toast text quoted by SPEC §5 and §8, exactly as quoted.
 * Schemas and components import them from here so the wording lives in one place.
 */
export const messages = {
  emailRequired: 'Email is Required',
  emailInvalid: 'Provide a valid Email',
  passwordRequired: 'Password is Required',
  passwordTooShort: 'Must be 6 characters or longer',
  nameRequired: 'Name is Required',
  quantityError: 'quantity error',
  priceRequired: 'price is Required',
  availableQuantityRequired: 'availableQuantity is Required',
  minimumOrderRequired: 'minimumOrder is Required',
  descriptionRequired: 'description is Required',
  imageRequired: 'Image is Required',
  educationRequired: 'Education is Required',
  locationRequired: 'location is Required',
  numberRequired: 'number is Required',
  linkedInRequired: 'linkedIn is Required',
  resetEmailRequired: 'enter your email',
  confirmDelete: (name: string) => `Are you sure you want to delete ${name}!`,
} as const;

export const toasts = {
  resetEmailSent: 'reset email sent',
  enterYourEmail: 'enter your email',
  contactReceived: 'we will contact with you soon',
  deleted: (name: string) => `${name} deleted.`,
  productAdded: 'Product added successfully',
  productAddFailed: 'Failed to add the Product',
  profileUpdated: 'profile update successfully',
  profileUpdateFailed: 'Failed to profile update',
  madeAdmin: 'made Admin Successfully',
} as const;
