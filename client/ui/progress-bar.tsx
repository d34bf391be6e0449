// A thin progress bar with an accessible name: screen readers hear "Progress, 3 of 10 done", not
// an unnamed bar (axe: aria-progressbar-name). Cycles, modules and active cycles share it.
import { useT } from '../i18n';

export interface ProgressBarProps {
  done: number;
  total: number;
  /** The bar's fill colour where it differs from the accent (modules are green). */
  tone?: 'accent' | 'success';
  className?: string;
}

export function ProgressBar({ done, total, tone = 'accent', className }: ProgressBarProps) {
  const t = useT();
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div
      className={['ui-progress', className].filter(Boolean).join(' ')}
      data-tone={tone}
      role="progressbar"
      aria-label={t('ui.progress.label')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t('ui.progress.value', { done, total })}
    >
      <div className="ui-progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
