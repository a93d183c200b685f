// Proxy type selector of /onboard: tabs on wide screens, a dropdown on narrow ones.
import { useId } from 'react';
import { inputClasses } from '@/components/ui/field';
import { Tabs } from '@/components/ui/tabs';
import { KIND_TAB_LABELS, PROXY_KINDS, type ProxyKind } from '@/lib/kinds';

export function KindSelector({ value, onChange }: { value: ProxyKind; onChange: (kind: ProxyKind) => void }) {
  const selectId = useId();
  return (
    <>
      <Tabs
        label="Proxy type"
        idPrefix="overview"
        size="sm"
        className="hidden md:flex"
        items={PROXY_KINDS.map((kind) => ({ value: kind, label: KIND_TAB_LABELS[kind] }))}
        value={value}
        onChange={onChange}
      />
      <div className="md:hidden">
        <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium">
          Proxy type
        </label>
        <select
          id={selectId}
          value={value}
          onChange={(event) => onChange(event.target.value as ProxyKind)}
          className={`${inputClasses} border-slate-300 dark:border-slate-700`}
        >
          {PROXY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_TAB_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
