import { z } from 'zod';

export const roleSchema = z.enum(['admin', 'customer']);
export type Role = z.infer<typeof roleSchema>;

/** A user as the admin list shows it (SPEC §3: email, role). */
export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
});
export type User = z.infer<typeof userSchema>;

export const userListSchema = z.array(userSchema);

/** GET /admin/:email (SPEC §7). */
export const adminStatusSchema = z.object({ admin: z.boolean() });
export type AdminStatus = z.infer<typeof adminStatusSchema>;

/** PUT /user/:email (SPEC §7): the token an API client sends as `Authorization: Bearer <token>`. */
export const userTokenSchema = z.object({ token: z.string() });

/** PUT /user/:email's body: SPEC §7 sends `{ email }`; it must match the path and the session. */
export const userRecordInputSchema = z.object({ email: z.string().optional() }).strict();
