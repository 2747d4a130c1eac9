import { toast } from 'sonner';

/** Runs a member or invitation change and says how it went in a toast. */
export async function toastAction(action: () => Promise<unknown>, done: string): Promise<void> {
  try {
    await action();
    toast.success(done);
  } catch (failure) {
    toast.error(failure instanceof Error ? failure.message : 'That did not work');
  }
}
