import { LoaderCircle } from 'lucide-react';

// No cn()/tailwind-merge here: the page spinner is part of the first paint (initial bundle).
export function Spinner({
  className = 'size-6',
  label = 'Carregando...',
}: {
  className?: string;
  label?: string;
}) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={`animate-spin text-primary ${className}`} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centred spinner for a whole screen or region while something loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] w-full items-center justify-center">
      <Spinner label={label} className="size-8" />
    </div>
  );
}
