import type { ReactNode } from 'react';

/** The centred card every account page (login, sign-up, reset) sits in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-20">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-xl">
        <div className="card-body gap-5 p-6 sm:p-8">
          <h1 className="text-center text-3xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}
