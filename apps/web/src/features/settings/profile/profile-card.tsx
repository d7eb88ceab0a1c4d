import { LIMITS, type TAuthUser, ZUpdateProfile } from "@resumelens/contract";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorText } from "../../../lib/api-error.ts";
import { useUpdateProfile } from "./api/update-profile.ts";

/**
 * Profile: first and last name (prefilled from user_metadata), read-only email, Save Changes
 * (docs/product.md#settings).
 */
export function ProfileCard({ user }: { user: TAuthUser }) {
  const id = useId();
  const [firstName, setFirstName] = useState(user.user_metadata.first_name ?? "");
  const [lastName, setLastName] = useState(user.user_metadata.last_name ?? "");
  const update = useUpdateProfile();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZUpdateProfile.safeParse({ firstName, lastName });
    if (!parsed.success) {
      toast({
        variant: "destructive",
        title: "Update Failed",
        description: parsed.error.issues[0]?.message ?? "Please check your name.",
      });
      return;
    }
    try {
      const saved = await update.mutateAsync(parsed.data);
      setFirstName(saved.user_metadata.first_name ?? "");
      setLastName(saved.user_metadata.last_name ?? "");
      toast({ title: "Profile Updated", description: "Your profile has been saved." });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Update Failed",
        description: errorText(error, { fallback: "Failed to update profile. Please try again." }),
      });
    }
  }

  const emailHint = `${id}-email-hint`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Profile</CardTitle>
        <CardDescription>Your name as it appears on your account.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-4" aria-label="Profile">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={`${id}-first`}>First name</Label>
              <Input
                id={`${id}-first`}
                value={firstName}
                maxLength={LIMITS.nameMax}
                autoComplete="given-name"
                onChange={(e) => setFirstName(e.target.value)}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${id}-last`}>Last name</Label>
              <Input
                id={`${id}-last`}
                value={lastName}
                maxLength={LIMITS.nameMax}
                autoComplete="family-name"
                onChange={(e) => setLastName(e.target.value)}
              />
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              value={user.email}
              readOnly
              aria-readonly="true"
              aria-describedby={emailHint}
              className="bg-muted text-muted-foreground"
            />
            <p id={emailHint} className="text-xs text-muted-foreground">
              Email cannot be changed
            </p>
          </div>
          <Button type="submit" disabled={update.isPending} aria-busy={update.isPending || undefined}>
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
