import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../components/ui/toast.tsx';

/** Back from checkout with `?success=true`: say so, clean the address bar, re-read the account. */
export function useCheckoutReturn() {
  const { t } = useTranslation('billing');
  const { toast } = useToast();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const success = params.get('success') === 'true';

  useEffect(() => {
    if (!success) return;
    toast({ title: t('success.title'), description: t('success.text'), variant: 'success' });
    setParams({}, { replace: true });
    void client.invalidateQueries({ queryKey: ['profile'] });
    void client.invalidateQueries({ queryKey: ['subscription'] });
  }, [success, toast, t, setParams, client]);
}
