import { z } from 'zod';
import { required } from './fields';
import { messages } from './messages';

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be ${max} characters or fewer`);

/**
 * Images uploaded to this shop, the images it ships (the demo catalogue's), or https addresses: never
 * javascript: or data: URLs, never a path that climbs out of /images.
 */
export const IMAGE_URL_PATTERN =
  /^(\/api\/images\/[0-9a-f-]{36}\.webp|\/images\/(?:[\w-]+\/)*[\w-]+\.(?:svg|png|jpe?g|webp)|https:\/\/\S+)$/;
export const imageUrlField = z.string().trim().regex(IMAGE_URL_PATTERN, 'Must be an uploaded image');

/** SPEC §5's update-profile form. `number` may arrive as a number or a string (SPEC: numeric input). */
export const profileFormSchema = z.object({
  education: requiredText(messages.educationRequired, 200),
  location: requiredText(messages.locationRequired, 120),
  number: z
    .union([z.string(), z.number()], { error: messages.numberRequired })
    .transform(String)
    .pipe(
      z
        .string()
        .trim()
        .min(1, required(messages.numberRequired))
        .regex(/^\+?[0-9][0-9 -]{2,19}$/, 'Provide a valid number'),
    ),
  linkedIn: requiredText(messages.linkedInRequired, 300).pipe(
    z.url({ protocol: /^https?$/, error: 'Provide a valid link (https://…)' }),
  ),
  img: imageUrlField.optional(),
});
export type ProfileForm = z.input<typeof profileFormSchema>;

/** PUT /profile/:email's body: the form, where the image may be named `img` or `image` (SPEC §3). */
export const profileInputSchema = profileFormSchema
  .extend({ image: imageUrlField.optional() })
  .transform(({ image, img, ...rest }) => ({ ...rest, img: img ?? image }));
export type ProfileInput = z.output<typeof profileInputSchema>;

/** A profile as the API returns it; fields not filled in yet are null. */
export const profileSchema = z.object({
  email: z.string(),
  name: z.string(),
  education: z.string().nullable(),
  location: z.string().nullable(),
  linkedIn: z.string().nullable(),
  number: z.string().nullable(),
  img: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
