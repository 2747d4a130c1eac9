import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useRequestCode, type RequestCodeMode } from '../api/request-code';

export function ResendCodeButton({ email, mode }: { email: string; mode: RequestCodeMode }) {
  const requestCode = useRequestCode(mode);
  return (
    <Button
      type="button"
      variant="link"
      className="h-auto p-0"
      disabled={requestCode.isPending}
      onClick={() =>
        requestCode.mutate(
          { email },
          {
            onSuccess: () => toast.success(`A new code is on its way to ${email}`),
            onError: (error) => toast.error(error.message),
          },
        )
      }
    >
      Send a new code
    </Button>
  );
}
