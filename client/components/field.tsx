// Labelled form controls with hint and inline error wired up for screen readers.
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Select, type SelectProps } from '../ui/select';
import { useT } from '../i18n';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  children: ReactNode;
}

function FieldFrame({ id, label, hint, error, optional, children }: FieldFrameProps) {
  const t = useT();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
        {optional && <span className="field-optional"> ({t('common.optional')})</span>}
      </label>
      {children}
      {hint && !error && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  id?: string;
}

export function TextField({ label, hint, error, optional, id, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} optional={optional}>
      <input
        id={fieldId}
        className={`input${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
        {...input}
      />
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  const autoId = useId();
  const fieldId = props.id ?? autoId;
  const { label, hint, error, optional, id: _id, className, ...input } = props;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} optional={optional}>
      <div className="input-affix">
        <input
          id={fieldId}
          type={visible ? 'text' : 'password'}
          className={`input${className ? ` ${className}` : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
          {...input}
        />
        <button
          type="button"
          className="input-affix-button"
          onClick={() => setVisible((value) => !value)}
          aria-label={visible ? t('auth.password.hide') : t('auth.password.show')}
          aria-pressed={visible}
        >
          {visible ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
        </button>
      </div>
    </FieldFrame>
  );
}

interface SelectFieldProps extends Omit<SelectProps, 'label' | 'id' | 'invalid' | 'describedBy'> {
  /** The visible label; also the list's accessible name. */
  label: string;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
}

/** A labelled single choice: the design system's Select (no native <select>, issue #12). */
export function SelectField({ label, hint, error, id, ...select }: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error}>
      <Select id={fieldId} label={label} invalid={Boolean(error)} describedBy={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined} {...select} />
    </FieldFrame>
  );
}

/** A labelled on/off switch (a checkbox styled as a toggle). */
export function ToggleField({ label, hint, checked, onChange, testId, disabled }: {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="toggle-row">
      <div className="toggle-text">
        <label htmlFor={id} className="toggle-label">
          {label}
        </label>
        {hint && <p className="field-hint" id={`${id}-hint`}>{hint}</p>}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="toggle"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid={testId}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
