// The shared code entry: its six boxes are named by the label and described by the error, as a
// react-hook-form field (`CodeField`) and with the code kept by the caller (`CodeEntry`).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CodeEntry, CodeField } from './code-field';

function FormWithCode({ error }: { error?: string }) {
  const { control } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const code = useWatch({ control, name: 'code' });
  return (
    <>
      <CodeField control={control} name="code" label="Verification code" error={error} />
      <output>{code}</output>
    </>
  );
}

function StateCode() {
  const [code, setCode] = useState('');
  return (
    <>
      <CodeEntry label="Code from your authenticator app" value={code} onChange={setCode} error={code ? undefined : 'Enter the code'} />
      <output>{code}</output>
    </>
  );
}

describe('code field', () => {
  it('names the boxes by its label and fills the form value from a pasted code', async () => {
    render(<FormWithCode />);
    const group = screen.getByRole('group', { name: 'Verification code' });
    expect(group).not.toHaveAttribute('aria-describedby');
    await userEvent.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.paste('123456');
    expect(screen.getByRole('status')).toHaveTextContent('123456');
  });

  it('shows its error and points the boxes at it', () => {
    render(<FormWithCode error="Enter the 6-digit code" />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAccessibleDescription('Enter the 6-digit code');
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('works the same with the code kept in component state', async () => {
    render(<StateCode />);
    const group = screen.getByRole('group', { name: 'Code from your authenticator app' });
    expect(group).toHaveAccessibleDescription('Enter the code');
    await userEvent.type(screen.getByRole('textbox', { name: 'Digit 1 of 6' }), '7');
    expect(screen.getByRole('status')).toHaveTextContent('7');
    expect(group).not.toHaveAttribute('aria-describedby');
  });

  it('overtypes a box holding the same digit and moves on, so no digit is lost', async () => {
    const user = userEvent.setup();
    render(<FormWithCode />);
    const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });
    await user.click(box(1));
    await user.keyboard('000000');
    expect(screen.getByRole('status')).toHaveTextContent('000000');
    await user.click(box(1));
    await user.keyboard('120456');
    expect(screen.getByRole('status')).toHaveTextContent('120456');
    expect(box(6)).toHaveFocus();
    // Typing into a box in the middle replaces that digit only.
    await user.click(box(3));
    await user.keyboard('0');
    expect(screen.getByRole('status')).toHaveTextContent('120456');
    expect(box(4)).toHaveFocus();
  });
});
