import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

const control =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 disabled:text-slate-600 sm:text-sm';

type FieldProps = { label: ReactNode; hint?: ReactNode; error?: string | undefined };

/** Label above, hint or error below, both wired to the control for screen readers. */
function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  children,
}: FieldProps & { id: string; className?: string | undefined; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {(hint || error) && (
        <p
          id={`${id}-note`}
          className={cn('mt-1 text-sm', error ? 'text-red-700' : 'text-slate-600')}
        >
          {error ?? hint}
        </p>
      )}
    </div>
  );
}

function controlProps(id: string, { hint, error }: FieldProps) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': hint || error ? `${id}-note` : undefined,
  };
}

/** A labelled text input; the label, hint and error are wired to the control for screen readers. */
export function TextField({
  label,
  hint,
  error,
  className,
  ...rest
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <input
        className={cn(control, error && 'border-red-600')}
        {...controlProps(id, { label, hint, error })}
        {...rest}
      />
    </FieldFrame>
  );
}

/** The multi-line twin of TextField. */
export function TextAreaField({
  label,
  hint,
  error,
  className,
  ...rest
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <textarea
        className={cn(control, 'min-h-32', error && 'border-red-600')}
        {...controlProps(id, { label, hint, error })}
        {...rest}
      />
    </FieldFrame>
  );
}

/** A form-level message (validation or server error) announced to assistive tech. */
export function FormAlert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  const tones = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    info: 'border-sky-200 bg-sky-50 text-sky-900',
  };
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-lg border px-3 py-2 text-sm', tones[tone])}
    >
      {children}
    </div>
  );
}
