import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import type { ImportJob } from '../api/types';
import { etaText, percentDone } from '../import-format';
import { UndoImportButton } from './undo-import-button';

type ImportProgressProps = { orgId: string; job: ImportJob; onDismiss?: () => void };

/** Live progress of one import job: bar, counts, failures and time left. */
export function ImportProgress({ orgId, job, onDismiss }: ImportProgressProps) {
  const active = job.status === 'queued' || job.status === 'running';
  const percent = percentDone(job.done, job.failed, job.total);
  const eta = active ? etaText(job.eta_seconds) : null;

  return (
    <section
      aria-label="Import progress"
      className="grid gap-3 rounded-lg border bg-card p-4"
      aria-live="polite"
    >
      <div className="flex items-center gap-2 text-sm font-medium">
        {active ? (
          <Spinner className="size-4" label="Importing" />
        ) : job.status === 'completed' && job.failed === 0 ? (
          <CircleCheck className="size-4 text-emerald-500" aria-hidden />
        ) : (
          <CircleAlert className="size-4 text-destructive" aria-hidden />
        )}
        <span className="flex-1">
          {job.status === 'queued'
            ? 'Import queued…'
            : job.status === 'running'
              ? 'Importing products…'
              : job.undone_at
                ? 'Import undone'
                : job.status === 'completed'
                  ? 'Import finished'
                  : 'Import failed'}
        </span>
        {!active ? <UndoImportButton orgId={orgId} job={job} /> : null}
        {!active && onDismiss ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Dismiss import progress"
            onClick={onDismiss}
          >
            <X aria-hidden />
          </Button>
        ) : null}
      </div>
      <Progress value={percent} aria-label="Import progress" aria-valuetext={`${percent}%`} />
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>
          {active && job.total === 0
            ? 'Counting the products to import…'
            : `${job.done} of ${job.total} imported`}
        </span>
        {job.failed > 0 ? <span className="text-destructive">{job.failed} failed</span> : null}
        {eta ? <span>{eta}</span> : null}
      </p>
      {job.error ? (
        <p role="alert" className="text-sm text-destructive">
          {job.error}
        </p>
      ) : null}
    </section>
  );
}
