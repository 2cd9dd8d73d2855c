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

function ProfileFormCard({ email, profile }: { email: string; profile: Profile }) {
  const navigate = useNavigate();
  const save = useSaveProfile(email);
  const image = useImageUpload();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      education: profile.education ?? '',
      location: profile.location ?? '',
      number: profile.number ?? '',
      linkedIn: profile.linkedIn ?? '',
    },
  });

  const onSubmit = handleSubmit(async (form) => {
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
    <form onSubmit={onSubmit} noValidate className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body grid gap-4 sm:grid-cols-2">
        <h2 className="card-title sm:col-span-2">Update your information</h2>
        <TextField label="Education" error={errors.education?.message} {...register('education')} />
        <TextField
          label="Location"
          autoComplete="address-level2"
          error={errors.location?.message}
          {...register('location')}
        />
        <TextField
          label="Number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          error={errors.number?.message}
          {...register('number')}
        />
        <TextField
          label="LinkedIn"
          type="url"
          placeholder="https://www.linkedin.com/in/…"
          error={errors.linkedIn?.message}
          {...register('linkedIn')}
        />
        <div className="sm:col-span-2">
          <ImageField label="Profile image (optional)" currentUrl={profile.img} {...image.field} />
        </div>
        <div className="sm:col-span-2">
          <SubmitButton busy={isSubmitting} className="">
            Update
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}

export function UpdateProfilePage() {
  const { email } = useSignedInUser();
  return <ProfileFormCard email={email} profile={useProfile(email)} />;
}
