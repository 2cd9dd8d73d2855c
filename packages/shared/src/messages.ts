import { formatCount } from './number-format';

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
  /** A number field given another type (`"price": "5"`); SPEC's "… is Required" stays for a missing one. */
  mustBeNumber: 'Must be a number',
  confirmDelete: (name: string) => `Are you sure you want to delete ${name}!`,
} as const;

export const toasts = {
  resetEmailSent: 'reset email sent',
  enterYourEmail: 'enter your email',
  contactReceived: 'we will contact with you soon',
  deleted: (name: string) => `${name} deleted.`,
  /** Shown as the buyer arrives on the order's payment page. */
  orderPlaced: 'Order placed: now pay for it.',
  productAdded: 'Product added successfully',
  productAddFailed: 'Failed to add the Product',
  profileUpdated: 'profile update successfully',
  profileUpdateFailed: 'Failed to profile update',
  madeAdmin: 'made Admin Successfully',
  adminRevoked: (email: string) => `${email} is no longer an admin`,
} as const;

/** Told to admins (dashboard banner) and logged at start-up when no Stripe keys are set. */
export const adminNotices = {
  demoPayments: 'Payments are in demo mode: no real charges',
} as const;

/** Why an admin may not be revoked (409 from DELETE /api/user/admin/:email). */
export const userMessages = {
  cannotRevokeSelf: 'You cannot revoke your own admin role; ask another admin.',
  lastAdmin: 'This is the last admin; make someone else an admin first.',
} as const;

/** The API's own refusals that a customer reads (not quoted by SPEC). */
export const apiMessages = {
  emailNotVerified: 'Verify your e-mail address before placing an order: open the link we sent you.',
  tooManyUnpaidOrders: (max: number) =>
    `You already have ${max} unpaid orders: pay or cancel one before placing another.`,
  tooManyReservedUnits: (max: number) =>
    `Your unpaid orders would hold more than ${max} units: pay or cancel some before ordering more.`,
  orderExpired: 'This order expired before it was paid: its stock was released. Please place a new order.',
  orderNotUnpaid: 'Only an unpaid order can be cancelled.',
  stockReserved: (reserved: number) =>
    `${formatCount(reserved)} units are held by unpaid orders: count them in what is on hand, or cancel those orders first.`,
  stockReservedField: (reserved: number) => `At least ${formatCount(reserved)} (held by unpaid orders)`,
  tooManyOrders: (max: number) =>
    `You can place at most ${max} orders a minute. Please wait a moment and try again.`,
  largeOrderCoolDown: (minutes: number) =>
    `You recently let an order of this tool go unpaid, so for ${minutes} more minute${minutes === 1 ? '' : 's'} you can order only a smaller share of its stock. Order fewer units, or try again later.`,
  orderValueRefused:
    'This order carries a value the shop cannot store (check the address and phone for unusual characters). Nothing was reserved.',
  tooManyReviews: (max: number) => `You can post at most ${max} reviews a day. Please try again tomorrow.`,
  reviewNeedsPurchase:
    'Only customers who bought this tool can review it: a paid order of it lets you rate it.',
  ownReviewVote: 'You cannot vote for your own review.',
  reviewAlreadyHidden: 'This review is already hidden.',
  databaseUnavailable: 'The shop cannot reach its database right now. Please try again in a moment.',
} as const;

/** Why the server refused input before any route looked at it (a 400; the field named where there is one). */
export const inputMessages = {
  nulCharacter: 'Text may not contain NUL characters.',
  illFormedText: 'Text must be well-formed Unicode (a lone surrogate is not).',
  nestedTooDeeply: 'Input is nested too deeply.',
  tooManyKeys: (max: number) => `Input may have at most ${formatCount(max)} keys.`,
} as const;
