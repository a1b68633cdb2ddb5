import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

type Props = {
  busy: boolean;
  /** Shown while idle. */
  label: string;
  /** Shown, with a spinner, while the form is being submitted. */
  busyLabel: string;
};

/** The full-width submit button of the auth forms; disabled while the request runs. */
export function SubmitButton({ busy, label, busyLabel }: Props) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy}>
      {busy && <Spinner />}
      {busy ? busyLabel : label}
    </Button>
  );
}
