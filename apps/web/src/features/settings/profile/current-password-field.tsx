import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";

/** The account's current password, asked for again before a sensitive change (2FA, deletion). */
export function CurrentPasswordField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Password</Label>
      <Input
        id={id}
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
