import { LoaderCircle } from 'lucide-react';

export function Spinner({ className = 'h-4 w-4' }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={`${className} animate-spin`} />;
}

/** Full-area loading state; the text is what screen readers and the guard tests see. */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] items-center justify-center gap-3 text-slate-700"
    >
      <Spinner className="h-5 w-5" />
      <span>{label}</span>
    </div>
  );
}
