import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { Permission } from '../api/types';
import { paths } from '../paths';
import { useCan } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { useTitle } from '../ui/useTitle';
import { choicesQuery, packetKeys, packetQuery, patchPacket, priceText, readPrice, type ConsolePacket, type PacketChoices } from './api';
import own from './packets.module.css';
import { PickList } from './PickList';
import { PricesSection } from './PricesSection';

/** One packet: its details and contents (one Save), and its prices (each change at once). */
export default function PacketEditorPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('operator-packets');
  const packet = useQuery(packetQuery(id));
  const choices = useQuery(choicesQuery());
  useTitle(packet.data?.name ?? t('list.title'));

  return (
    <div className={styles.page}>
      <p>
        <Link to={paths.packets}>{t('editor.back')}</Link>
      </p>
      {!packet.data || !choices.data ? (
        <QueryState error={packet.error ?? choices.error} onRetry={() => void (packet.error ? packet.refetch() : choices.refetch())} />
      ) : (
        <>
          <div className={styles.pageHead}>
            <h1>{packet.data.name}</h1>
          </div>
          <DetailsForm key={`${packet.data.id}`} packet={packet.data} choices={choices.data} />
          <PricesSection packet={packet.data} choices={choices.data} />
        </>
      )}
    </div>
  );
}

function DetailsForm({ packet, choices }: { packet: ConsolePacket; choices: PacketChoices }) {
  const { t } = useTranslation('operator-packets');
  const { t: tc } = useTranslation('operator');
  const writable = useCan(Permission.packetsWrite);
  const client = useQueryClient();
  const ids = { title: useId(), name: useId(), short: useId(), description: useId(), kind: useId(), sort: useId(), trialDays: useId(), trialPrice: useId() };
  const [f, setF] = useState(() => ({
    name: packet.name,
    short: packet.short,
    description: packet.description,
    kind: packet.is_base ? 'base' : 'addon',
    onSale: packet.on_sale,
    free: packet.is_free,
    adult: packet.is_adult,
    sort: String(packet.sort),
    trialDays: String(packet.trial_days),
    trialPrice: priceText(packet.trial_price),
    channels: packet.channel_ids,
    libraries: packet.library_ids,
    addons: packet.addon_ids,
    includes: packet.include_ids,
  }));
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const set = <K extends keyof typeof f>(key: K, value: (typeof f)[K]) => {
    setF((old) => ({ ...old, [key]: value }));
    setStatus('');
  };
  const save = useMutation({
    mutationFn: patchPacket,
    onSuccess: (answer) => {
      client.setQueryData(packetKeys.detail(String(answer.id)), answer);
      void client.invalidateQueries({ queryKey: packetKeys.all, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: packetKeys.choices });
      setStatus(t('editor.saved'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const sort = Number(f.sort);
    const trialDays = Number(f.trialDays);
    const trialPrice = f.trialPrice.trim() ? readPrice(f.trialPrice) : 0;
    if (!f.name.trim()) return setProblem(t('errors.name'));
    if (!Number.isInteger(sort) || sort < 0) return setProblem(t('errors.sort'));
    if (!Number.isInteger(trialDays) || trialDays < 0 || trialDays > 365) return setProblem(t('errors.trialDays'));
    if (trialPrice === null) return setProblem(t('errors.price'));
    setProblem(null);
    const base = f.kind === 'base';
    save.mutate({
      id: packet.id,
      name: f.name.trim(),
      short: f.short.trim(),
      description: f.description.trim(),
      is_base: base,
      on_sale: f.onSale,
      is_free: f.free,
      is_adult: f.adult,
      sort,
      trial_days: trialDays,
      trial_price: trialPrice,
      channel_ids: f.channels,
      library_ids: f.libraries,
      addon_ids: base ? f.addons : [],
      include_ids: f.includes,
    });
  };
  const others = choices.packets.filter((p) => p.id !== packet.id);
  const channelLabel = (c: { name: string; number?: number }) => (c.number ? `${c.number}. ${c.name}` : c.name);

  return (
    <section className={styles.panel} aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t('editor.details')}</h2>
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!writable} className={own.plain}>
          <div className={own.grid}>
            <div className={styles.control}>
              <label htmlFor={ids.name} className={styles.label}>
                {t('fields.name')}
              </label>
              <input id={ids.name} className={styles.input} value={f.name} onChange={(e) => set('name', e.target.value)} maxLength={200} />
            </div>
            <div className={styles.control}>
              <label htmlFor={ids.short} className={styles.label}>
                {t('fields.short')}
              </label>
              <input id={ids.short} className={styles.input} value={f.short} onChange={(e) => set('short', e.target.value)} maxLength={200} />
            </div>
            <div className={styles.control}>
              <label htmlFor={ids.kind} className={styles.label}>
                {t('fields.kind')}
              </label>
              <select id={ids.kind} className={styles.select} value={f.kind} onChange={(e) => set('kind', e.target.value)}>
                <option value="base">{t('kind.base')}</option>
                <option value="addon">{t('kind.addon')}</option>
              </select>
            </div>
            <div className={styles.control}>
              <label htmlFor={ids.sort} className={styles.label}>
                {t('fields.sort')}
              </label>
              <input id={ids.sort} className={styles.input} type="number" min={0} value={f.sort} onChange={(e) => set('sort', e.target.value)} />
            </div>
            <div className={styles.control}>
              <label htmlFor={ids.trialDays} className={styles.label}>
                {t('fields.trialDays')}
              </label>
              <input id={ids.trialDays} className={styles.input} type="number" min={0} max={365} value={f.trialDays} onChange={(e) => set('trialDays', e.target.value)} />
            </div>
            <div className={styles.control}>
              <label htmlFor={ids.trialPrice} className={styles.label}>
                {t('fields.trialPrice', { currency: choices.currency })}
              </label>
              <input id={ids.trialPrice} className={styles.input} inputMode="decimal" value={f.trialPrice} onChange={(e) => set('trialPrice', e.target.value)} />
            </div>
            <div className={`${styles.control} ${own.wide}`}>
              <label htmlFor={ids.description} className={styles.label}>
                {t('fields.description')}
              </label>
              <textarea id={ids.description} className={`${styles.input} ${own.textarea}`} value={f.description} onChange={(e) => set('description', e.target.value)} maxLength={5000} />
            </div>
          </div>
          <div className={own.flags}>
            <label className={own.check}>
              <input type="checkbox" checked={f.onSale} onChange={(e) => set('onSale', e.target.checked)} />
              {t('fields.onSale')}
            </label>
            <label className={own.check}>
              <input type="checkbox" checked={f.free} onChange={(e) => set('free', e.target.checked)} />
              {t('fields.free')}
            </label>
            <label className={own.check}>
              <input type="checkbox" checked={f.adult} onChange={(e) => set('adult', e.target.checked)} />
              {t('fields.adult')}
            </label>
          </div>
          <PickList
            legend={t('fields.channels')}
            filterLabel={t('fields.findChannel')}
            items={choices.channels.map((c) => ({ id: c.id, label: channelLabel(c) }))}
            value={f.channels}
            onChange={(v) => set('channels', v)}
          />
          <PickList legend={t('fields.libraries')} items={choices.libraries.map((l) => ({ id: l.id, label: l.name }))} value={f.libraries} onChange={(v) => set('libraries', v)} />
          {f.kind === 'base' && (
            <PickList
              legend={t('fields.addons')}
              items={others.filter((p) => !p.is_base).map((p) => ({ id: p.id, label: p.name }))}
              value={f.addons}
              onChange={(v) => set('addons', v)}
            />
          )}
          <PickList legend={t('fields.includes')} items={others.map((p) => ({ id: p.id, label: p.name }))} value={f.includes} onChange={(v) => set('includes', v)} />
        </fieldset>
        {writable && (
          <Button type="submit" disabled={save.isPending}>
            {t('common.save')}
          </Button>
        )}
      </form>
      <FormError message={problem ?? (save.error ? errorText(tc, save.error) : null)} />
      <p role="status" className={styles.small}>
        {status}
      </p>
    </section>
  );
}
