import { paths } from '@toolshop/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toasts';
import { toasts } from '@toolshop/shared/messages';
import { profileFormSchema, type Profile, type ProfileForm } from '@toolshop/shared/profile';
import { ImageField } from '../../../components/form/image-field';
import { TextField } from '../../../components/form/text-field';
import { useImageUpload } from '../../../components/form/use-image-upload';
import { useSignedInUser } from '../../../lib/auth';
import { useProfile, useSaveProfile } from '../api';
import { SubmitButton } from '../../../components/form/submit-button';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormAnswer } from '../../../components/form/form-answer';
import type { FormRefusal } from '../../../lib/form-actions';

function ProfileFormCard({
  email,
  profile,
  answer,
}: {
  email: string;
  profile: Profile;
  answer?: FormRefusal;
}) {
  const navigate = useNavigate();
  const save = useSaveProfile(email);
  const image = useImageUpload();
  const sent = useFormAnswer(answer);
  // What the form shows first: what was sent when a plain post was refused, else the saved profile.
  const shown = (name: keyof ProfileForm & keyof Profile) => sent.typed(name) ?? profile[name] ?? '';
  const first = {
    education: shown('education'),
    location: shown('location'),
    number: shown('number'),
    linkedIn: shown('linkedIn'),
  };
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: first,
  });

  const onSubmit = handleSubmit(async (form) => {
    sent.clear();
    const img = await image.upload();
    if (img === null) {
      toast.error(toasts.profileUpdateFailed);
      return;
    }
    try {
      await save.mutateAsync({ ...profileFormSchema.parse(form), img });
      toast.success(toasts.profileUpdated);
      navigate(paths.dashboard);
    } catch {
      toast.error(toasts.profileUpdateFailed);
    }
  });

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body grid gap-4 sm:grid-cols-2">
        <h2 className="card-title sm:col-span-2">Update your information</h2>
        {/* Each field's value drawn by the server too, before react-hook-form sets its defaults. */}
        <TextField
          label="Education"
          defaultValue={first.education}
          error={errors.education?.message ?? sent.fieldError('education')}
          {...register('education')}
        />
        <TextField
          label="Location"
          autoComplete="address-level2"
          defaultValue={first.location}
          error={errors.location?.message ?? sent.fieldError('location')}
          {...register('location')}
        />
        <TextField
          label="Number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          defaultValue={first.number}
          error={errors.number?.message ?? sent.fieldError('number')}
          {...register('number')}
        />
        <TextField
          label="LinkedIn"
          type="url"
          placeholder="https://www.linkedin.com/in/…"
          defaultValue={first.linkedIn}
          error={errors.linkedIn?.message ?? sent.fieldError('linkedIn')}
          {...register('linkedIn')}
        />
        <div className="sm:col-span-2">
          <ImageField label="Profile image (optional)" currentUrl={profile.img} {...image.field} />
        </div>
        {sent.message && (
          <div className="sm:col-span-2">
            <FormAlert message={sent.message} />
          </div>
        )}
        <div className="sm:col-span-2">
          <SubmitButton busy={isSubmitting} postsWithoutScripts className="">
            Update
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}

/**
 * SPEC §5 Update Profile. `answer`: the route action's refusal, when the form was sent before the scripts ran.
 */
export function UpdateProfilePage({ answer }: { answer?: FormRefusal }) {
  const { email } = useSignedInUser();
  return <ProfileFormCard email={email} profile={useProfile(email)} answer={answer} />;
}
