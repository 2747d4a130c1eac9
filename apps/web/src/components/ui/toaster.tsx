import { Toaster as Sonner } from 'sonner';
import { useTheme } from '@/lib/theme';

// Toast settings are binding (spec §1, §9): top-center, rich colours, 4000 ms, 3 visible,
// 356 px wide (sonner's default width), 14 px gap.
export function Toaster() {
  const { theme } = useTheme();
  return (
    <Sonner
      theme={theme}
      position="top-center"
      richColors
      duration={4000}
      visibleToasts={3}
      gap={14}
      closeButton
    />
  );
}
