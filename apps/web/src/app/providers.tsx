import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { TOAST_SETTINGS } from '@toolshop/shared/constants';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* The light theme's grey text (#757575) falls under 4.5:1 while a toast fades in: our text colour. */}
      <ToastContainer {...TOAST_SETTINGS} toastClassName="!text-base-content" />
    </QueryClientProvider>
  );
}
