import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthProvider } from '@/features/auth';
import { createQueryClient } from '@/lib/query-client';

// Loaded after the first paint: toasts are queued in memory until it mounts (DOMPurify stays out
// of the initial bundle).
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>
  );
}
