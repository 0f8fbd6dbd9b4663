import { Input, PinInput } from '@mantine/core';
import { authScreenWords as w, OTP_LENGTH } from '@kuku/domain';

interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The 6-digit code, one box a digit; pasting or autofill fills them all. */
export function OtpInput({ value, onChange, error, disabled, autoFocus }: OtpInputProps) {
  return (
    <Input.Wrapper label={w.otp} labelElement="div" error={error}>
      <PinInput
        mt={6}
        length={OTP_LENGTH}
        type="number"
        oneTimeCode
        placeholder=""
        size="md"
        gap="xs"
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        disabled={disabled}
        autoFocus={autoFocus}
        getInputProps={(index) => ({ 'aria-label': w.otpDigit(index + 1, OTP_LENGTH) })}
      />
    </Input.Wrapper>
  );
}
