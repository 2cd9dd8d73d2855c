import { Link } from 'react-router';
import { paths } from '@toolshop/shared/paths';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center">
      <img
        src="/images/site/not-found.svg"
        alt="An unplugged cable: page not found"
        width="600"
        height="400"
        className="w-full max-w-lg"
      />
      <h1 className="mt-8 text-3xl font-extrabold">Page not found</h1>
      <p className="mt-3 text-base-content/70">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className="btn btn-primary mt-8">
        Back to home
      </Link>
    </div>
  );
}
