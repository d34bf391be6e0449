// Grey placeholder shapes while content loads, so the layout does not jump when it arrives.
import { useT } from '../i18n';

export function Skeleton({ width, height = 14, radius }: { width?: number | string; height?: number | string; radius?: number | string }) {
  return <span className="ui-skeleton" aria-hidden="true" style={{ width, height, borderRadius: radius }} />;
}

/** `rows` line placeholders, announced once as "Loading…". */
export function SkeletonRows({ rows = 5 }: { rows?: number }) {
  const t = useT();
  return (
    <div className="ui-skeleton-rows" role="status" aria-label={t('common.loading')} data-testid="skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} width={`${90 - ((index * 17) % 40)}%`} height={16} />
      ))}
    </div>
  );
}
