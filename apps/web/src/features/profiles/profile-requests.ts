import { redirect, type AppLoadContext } from 'react-router';
import { paths } from '@toolshop/shared/paths';
import { profileFormSchema } from '@toolshop/shared/profile';
import { apiUrl } from '../../lib/api-client';
import { apiRefusal, readForm, refused, textFields } from '../../lib/form-actions';
import { signedInVisitor } from '../../lib/storefront';
import { profilePath } from './api';

/** The form's text fields: its image is uploaded by the page's scripts, and a plain post keeps the one saved. */
const PROFILE_FIELDS = ['education', 'location', 'number', 'linkedIn'];

/**
 * SPEC's Update Profile sent before the page's scripts ran (its route action): the fields read with the
 * shared schema, saved through the API as the customer, whose session decides, and then the dashboard, as
 * the page goes there once saved (a 303, so that a reload does not send it twice). Refused, the page shows
 * why and what was typed. Once the scripts run, the page saves through the API itself.
 */
export async function runUpdateProfile(context: AppLoadContext, request: Request) {
  const { email } = await signedInVisitor(context, request);
  const sent = await textFields(request, PROFILE_FIELDS);
  const { value, refusal } = readForm(profileFormSchema, sent);
  if (refusal) return refusal;
  const answer = await context.storefront.send('PUT', apiUrl(profilePath(email)), value);
  if (answer.status >= 400) {
    return refused(answer.status, sent, { message: apiRefusal(answer, 'Your profile could not be saved') });
  }
  return redirect(paths.dashboard, 303);
}
