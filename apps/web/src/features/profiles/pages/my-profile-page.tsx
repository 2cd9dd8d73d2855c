import { Link } from 'react-router';
import { useSignedInUser } from '../../../lib/auth';
import { useProfile } from '../api';
import { paths } from '@toolshop/shared/paths';

const DEFAULT_AVATAR = '/images/site/default-avatar.svg';
const NO_VALUE = 'no value';

/** SPEC §2 My Profile. The avatar is the profile image, else the sign-in photo, else a default. */
export function MyProfilePage() {
  const user = useSignedInUser();
  const { education, location, linkedIn, number, img } = useProfile(user.email);
  const details = [
    { label: 'Education', value: education ?? NO_VALUE },
    { label: 'Location', value: location ?? NO_VALUE },
    { label: 'Number', value: number ?? NO_VALUE },
  ];

  return (
    <article aria-labelledby="profile-name" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-6 sm:flex-row sm:items-start">
        <img
          src={img ?? user.image ?? DEFAULT_AVATAR}
          alt={`Profile picture of ${user.name}`}
          className="size-28 shrink-0 rounded-full border-4 border-primary/30 object-cover"
          width="112"
          height="112"
        />
        <div className="flex-1 space-y-4">
          <div>
            <h2 id="profile-name" className="text-2xl font-bold">
              {user.name}
            </h2>
            <p className="text-base-content/70">{user.email}</p>
          </div>
          <dl className="grid gap-3 sm:grid-cols-2">
            {details.map(({ label, value }) => (
              <div key={label} className="rounded-lg bg-base-200 px-4 py-3">
                <dt className="text-sm text-base-content/60">{label}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
            <div className="rounded-lg bg-base-200 px-4 py-3">
              <dt className="text-sm text-base-content/60">LinkedIn</dt>
              <dd className="font-medium">
                {linkedIn ? (
                  <a
                    href={linkedIn}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="link link-primary break-all"
                  >
                    {linkedIn}
                  </a>
                ) : (
                  NO_VALUE
                )}
              </dd>
            </div>
          </dl>
          <Link to={paths.updateProfile} className="btn btn-primary">
            update Info
          </Link>
        </div>
      </div>
    </article>
  );
}
