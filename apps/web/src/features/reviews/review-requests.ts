import { redirect, type AppLoadContext } from 'react-router';
import { paths } from '@toolshop/shared/paths';
import { reviewInputSchema } from '@toolshop/shared/review';
import { apiRefusal, formNumber, readForm, refused, textFields } from '../../lib/form-actions';

/**
 * SPEC's Add A Review sent before the page's scripts ran (its route action): the fields read with the
 * shared schema, the review posted through the API as the customer, whose session decides, and then the
 * home page, where it shows (a 303, so that a reload does not post it twice). Refused, the page shows why
 * and what was chosen and typed. Once the scripts run, the page posts through the API itself.
 */
export async function runAddReview(context: AppLoadContext, request: Request) {
  const sent = await textFields(request, ['ratings', 'description']);
  const { value, refusal } = readForm(reviewInputSchema, sent, {
    ...sent,
    ratings: formNumber(sent.ratings),
  });
  if (refusal) return refusal;
  const answer = await context.storefront.send('POST', '/api/review', value);
  if (answer.status >= 400) {
    return refused(answer.status, sent, { message: apiRefusal(answer, 'Your review could not be posted') });
  }
  return redirect(paths.home, 303);
}
