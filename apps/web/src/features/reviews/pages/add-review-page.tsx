import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toasts';
import type { z } from 'zod';
import { MAX_RATING, MIN_RATING, reviewInputSchema } from '@toolshop/shared/review';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useAddReview } from '../api';
import { SubmitButton } from '../../../components/form/submit-button';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormAnswer } from '../../../components/form/form-answer';
import type { FormRefusal } from '../../../lib/form-actions';
import { paths } from '@toolshop/shared/paths';

const REVIEW_ADDED = 'Thank you! Your review is on the home page.';
const REVIEW_FAILED = 'We could not post your review. Check your connection and try again.';

type ReviewForm = z.input<typeof reviewInputSchema>;

const STARS = Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, i) => MIN_RATING + i);

interface StarRatingInputProps {
  label: string;
  /** The radios' name: the field a plain post of the form sends. */
  name: string;
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur: () => void;
  error?: string;
}

/**
 * Native radios drawn as stars: arrow keys move between them and screen readers announce "4 stars,
 * radio, 4 of 5". Controlled, because react-hook-form reads a radio's value as text.
 */
function StarRatingInput({ label, name, value, onChange, onBlur, error }: StarRatingInputProps) {
  const id = useId();
  return (
    <div className="fieldset py-0">
      <span id={`${id}-label`} className="fieldset-legend pb-1 pt-0 text-sm">
        {label}
      </span>
      <div className="flex items-center gap-3">
        <div
          role="radiogroup"
          aria-labelledby={`${id}-label`}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          // The stars are masked shapes, so an outline on them would be clipped: ring the group instead.
          className="rating rating-lg rounded-box p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary"
        >
          {STARS.map((stars) => (
            <input
              key={stars}
              type="radio"
              name={name}
              value={stars}
              aria-label={stars === 1 ? '1 star' : `${stars} stars`}
              className="mask mask-star-2 bg-amber-500"
              checked={value === stars}
              onChange={() => onChange(stars)}
              onBlur={onBlur}
            />
          ))}
        </div>
        <span className="text-sm font-semibold text-base-content/70" aria-hidden="true">
          {value ? `${value}/${MAX_RATING}` : `–/${MAX_RATING}`}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function ReviewFormCard({ name, answer }: { name: string; answer?: FormRefusal }) {
  const navigate = useNavigate();
  const addReview = useAddReview();
  const sent = useFormAnswer(answer);
  const sentRatings = Number(sent.typed('ratings'));
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReviewForm>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: {
      name,
      ratings: STARS.includes(sentRatings) ? sentRatings : undefined,
    },
  });

  const onSubmit = handleSubmit(async (review) => {
    sent.clear();
    try {
      await addReview.mutateAsync(review);
      toast.success(REVIEW_ADDED);
      navigate(paths.home);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : REVIEW_FAILED);
    }
  });

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body grid gap-4">
        <h2 className="card-title">Add A Review</h2>
        <p className="text-sm text-base-content/70">
          Tell other technicians how our tools worked for you. Your review appears on the home page under your
          account name.
        </p>
        {/* Read-only: the server always signs the review with the account's own name. */}
        <TextField
          label="Name"
          readOnly
          className="bg-base-200"
          // Drawn by the server too, before react-hook-form sets its defaults.
          defaultValue={name}
          error={errors.name?.message}
          {...register('name')}
        />
        <Controller
          control={control}
          name="ratings"
          render={({ field, fieldState }) => (
            <StarRatingInput
              label="Ratings"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message ?? sent.fieldError('ratings')}
            />
          )}
        />
        <TextAreaField
          label="Description"
          rows={5}
          // react-hook-form sets its defaults once mounted: the server's page shows what was sent itself.
          defaultValue={sent.typed('description')}
          error={errors.description?.message ?? sent.fieldError('description')}
          {...register('description')}
        />
        <FormAlert message={sent.message} />
        <div>
          <SubmitButton busy={isSubmitting} postsWithoutScripts className="">
            Add Review
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}

/**
 * SPEC §2/§5 Add A Review: a signed-in customer rates the shop from 1 to 5 stars and says why. `answer`: the
 * route action's refusal, when the form was sent before the scripts ran (decision 074).
 */
export function AddReviewPage({ answer }: { answer?: FormRefusal }) {
  const user = useSession().data;
  if (!user) return <Spinner label="Loading your account" />;
  return <ReviewFormCard name={user.name} answer={answer} />;
}
