import { TEST_CARDS, type TTestCardPayment, ZTestCardPayment } from "@resumelens/contract";
import { useMutation } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { PAYMENT_TOASTS } from "../../../lib/api/payments.ts";
import { errorText } from "../../../lib/api-error.ts";
import { formatCardNumber, formatCvc, formatExpiry } from "../api/card-format.ts";
import { payWithTestCard } from "../api/payment-intent.ts";
import { CheckoutActions } from "./checkout-actions.tsx";

type Field = "cardNumber" | "expiry" | "cvc";
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ["cardNumber", "expiry", "cvc"];

/** What each field of the card form looks like and how its input is formatted while typing. */
const FIELD_SPECS: Record<
  Field,
  {
    label: string;
    autoComplete: string;
    placeholder: string;
    maxLength: number;
    format: (raw: string) => string;
  }
> = {
  cardNumber: {
    label: "Card number",
    autoComplete: "cc-number",
    placeholder: "1234 1234 1234 1234",
    maxLength: 23,
    format: formatCardNumber,
  },
  expiry: {
    label: "Expiry",
    autoComplete: "cc-exp",
    placeholder: "MM / YY",
    maxLength: 7,
    format: formatExpiry,
  },
  cvc: { label: "CVC", autoComplete: "cc-csc", placeholder: "123", maxLength: 4, format: formatCvc },
};

export type TestCardFormProps = {
  paymentIntentId: string;
  onSucceeded: () => Promise<void> | void;
  onFailed: (message: string) => void;
};

/** Only the format is checked here; the server decides whether the card pays. */
function validate(payment: TTestCardPayment): FieldErrors {
  const result = ZTestCardPayment.safeParse(payment);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "cardNumber" || field === "expiry" || field === "cvc") && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/**
 * The local test-payment mode's card form: used when the deployment has no Stripe keys. It is
 * marked as such so nobody mistakes it for a real checkout.
 */
export function TestCardForm({ paymentIntentId, onSucceeded, onFailed }: TestCardFormProps) {
  const id = useId();
  const formId = `${id}-form`;
  const [values, setValues] = useState<Record<Field, string>>({ cardNumber: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const refs = {
    cardNumber: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvc: useRef<HTMLInputElement>(null),
  };

  // isPending reaches the render a tick after mutate(): a ref stops the second click of a double click.
  const paying = useRef(false);
  const pay = useMutation({
    mutationFn: payWithTestCard,
    onSettled: () => {
      paying.current = false;
    },
    onSuccess: async (outcome) => {
      if (outcome.status === "succeeded") await onSucceeded();
      else onFailed(outcome.message ?? PAYMENT_TOASTS.failedFallback);
    },
    onError: (error) => onFailed(errorText(error, { fallback: PAYMENT_TOASTS.failedFallback })),
  });

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // An error goes away as soon as the user works on its field; it comes back on the next Pay.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (paying.current || pay.isPending) return;
    const payment = { paymentIntentId, ...values };
    const found = validate(payment);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    paying.current = true;
    pay.mutate(payment);
  }

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    ref: refs[name],
    value: values[name],
    disabled: pay.isPending,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: Field) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm text-destructive-soft-foreground">
        {errors[name]}
      </p>
    ) : null;

  const input = (name: Field) => {
    const spec = FIELD_SPECS[name];
    return (
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-${name}`}>{spec.label}</Label>
        <Input
          {...field(name)}
          name={name}
          inputMode="numeric"
          autoComplete={spec.autoComplete}
          placeholder={spec.placeholder}
          maxLength={spec.maxLength}
          onChange={(event) => update(name, spec.format(event.target.value))}
        />
        {error(name)}
      </div>
    );
  };

  return (
    <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-5">
      <div
        role="note"
        className="flex gap-3 rounded-lg border-2 border-dashed border-amber-400 bg-warning-soft p-4 text-sm text-warning-soft-foreground"
      >
        <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="space-y-1">
          <p className="font-semibold">Test payment mode: no real card is charged</p>
          <p>
            Use the test card <span className="font-mono whitespace-nowrap">{TEST_CARDS.success}</span> with
            any future date and any CVC.{" "}
            <span className="font-mono whitespace-nowrap">{TEST_CARDS.declined}</span> is declined.
          </p>
        </div>
      </div>

      {input("cardNumber")}
      <div className="grid grid-cols-2 gap-4">
        {input("expiry")}
        {input("cvc")}
      </div>

      <CheckoutActions submitting={pay.isPending} form={formId} />
    </form>
  );
}
