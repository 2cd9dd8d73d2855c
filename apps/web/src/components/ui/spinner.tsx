/** SPEC §2: a loading spinner shows while authentication or queries load. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex justify-center py-16">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function PageSpinner() {
  return (
    <div className="grid min-h-[60vh] place-items-center">
      <Spinner />
    </div>
  );
}

/**
 * What a screen drawn in the browser only sends in the server's HTML (its route's HydrateFallback): the
 * spinner, inside the frame its parent routes rendered (decision 061).
 */
export function ScreenLoading() {
  return <Spinner />;
}
