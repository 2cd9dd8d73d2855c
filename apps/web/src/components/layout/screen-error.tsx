import { useRevalidator } from 'react-router';
import { QueryError } from '../ui/query-error';

/**
 * A screen whose route loader could not load its data (a 429, a 5xx, no connection): said in place of the
 * screen, with a retry that runs the loaders again. Route modules name what was being loaded.
 */
export function ScreenError({ what }: { what: string }) {
  const revalidator = useRevalidator();
  return (
    <div className="px-4 py-16">
      <QueryError what={what} onRetry={() => void revalidator.revalidate()} />
    </div>
  );
}
