// Six-box code entry (registration, password reset, email change, two-factor sign-in): digits only, focus moves forward on each digit
// (also when it equals the digit already in the box) and back on Backspace, and a pasted six-digit code fills every box.
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';

/** Every mailed or authenticator code of the site has six digits. */
export const CODE_LENGTH = 6;

type CodeInputProps = {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  labelId: string;
  errorId?: string;
  invalid?: boolean;
  disabled?: boolean;
};

export function CodeInput({ value, onChange, onBlur, labelId, errorId, invalid = false, disabled = false }: CodeInputProps) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  // the form value keeps a blank box as a space so later digits stay in place
  const cells = Array.from({ length: CODE_LENGTH }, (_, index) => (/\d/.test(value.charAt(index)) ? value.charAt(index) : ''));

  const emit = (next: string[]) => onChange(next.map((digit) => digit || ' ').join('').trimEnd());
  const focus = (index: number) => refs.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus();

  function handleInput(index: number, raw: string) {
    const typed = raw.replace(/\D/g, '');
    if (!typed) return;
    if (typed.length === CODE_LENGTH) {
      emit(typed.split(''));
      focus(CODE_LENGTH - 1);
      return;
    }
    const next = [...cells];
    next[index] = typed[typed.length - 1]!;
    emit(next);
    if (index < CODE_LENGTH - 1) focus(index + 1);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // A typed digit is placed here, not left to the input's own edit: a box that already
      // holds the same digit would not change, so no change event would come and focus would
      // stay behind (the next digit then lost against the one-character limit).
      event.preventDefault();
      const next = [...cells];
      next[index] = event.key;
      emit(next);
      if (index < CODE_LENGTH - 1) focus(index + 1);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...cells];
      if (next[index]) {
        next[index] = '';
        emit(next);
      } else if (index > 0) {
        next[index - 1] = '';
        emit(next);
        focus(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text').trim();
    event.preventDefault();
    if (new RegExp(`^\\d{${CODE_LENGTH}}$`).test(pasted)) {
      emit(pasted.split(''));
      focus(CODE_LENGTH - 1);
    }
  }

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={errorId} className="flex gap-2 sm:gap-3">
      {cells.map((digit, index) => (
        <input
          key={index}
          ref={(node) => {
            refs.current[index] = node;
          }}
          type="text"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          maxLength={index === 0 ? CODE_LENGTH : 1}
          aria-label={`Digit ${index + 1} of ${CODE_LENGTH}`}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          value={digit}
          onChange={(event) => handleInput(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={handlePaste}
          onFocus={(event) => event.target.select()}
          onBlur={onBlur}
          className={cn(
            'h-12 w-full min-w-0 rounded-lg border bg-white text-center font-mono text-lg font-semibold text-slate-900',
            'focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:bg-slate-900 dark:text-slate-100',
            invalid ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-700',
          )}
        />
      ))}
    </div>
  );
}
