import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient } from '@/lib/query-client';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { installChunkReloadHandler } from '@/lib/chunk-reload';
import { initObservability } from '@/lib/observability';
import { ThemeProvider } from '@/lib/theme';
import { Toaster } from '@/components/ui/toaster';
import { createAppRouter } from './router';
import './app.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

setUnauthorizedHandler(() => {
  queryClient.clear();
  void router.navigate({ to: '/auth/login', replace: true });
});
installChunkReloadHandler();
initObservability();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');

createRoot(rootElement).render(
  <StrictMode>
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
