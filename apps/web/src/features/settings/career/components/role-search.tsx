import type { TCareerRole } from "@resumelens/contract";
import { Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { Input } from "../../../../components/ui/input.tsx";
import { Label } from "../../../../components/ui/label.tsx";
import { cn } from "../../../../lib/cn.ts";
import { useCareerRoles } from "../api/career-roles.ts";

/** Wait this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The target-role picker: a combobox (WAI-ARIA 1.2 pattern) over GET /api/career-roles. Arrow
 * keys move through the results, Enter picks one, Escape closes the list.
 */
export function RoleSearch({ onSelect }: { onSelect: (role: TCareerRole) => void }) {
  const id = useId();
  const listId = `${id}-roles`;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const roles = useCareerRoles(query, open);
  const results = roles.data ?? [];
  const activeRole = active >= 0 ? results[active] : undefined;

  function pick(role: TCareerRole) {
    onSelect(role);
    setText("");
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      if (results.length > 0) setActive((i) => (i + 1) % results.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (results.length > 0) setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === "Enter") {
      const role = activeRole ?? (open && results.length > 0 ? results[0] : undefined);
      if (role) {
        event.preventDefault();
        pick(role);
      }
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  }

  const showList = open && results.length > 0;
  const noMatches = open && results.length === 0 && roles.isSuccess && !roles.isFetching;
  return (
    <div className="relative">
      <Label htmlFor={id}>Target role</Label>
      <div className="relative mt-1.5">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={activeRole ? `${listId}-${active}` : undefined}
          autoComplete="off"
          placeholder="Search roles, e.g. nurse, data analyst, electrician"
          className="pl-9"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            // New search: nothing highlighted until the user moves.
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label="Matching roles"
        hidden={!showList}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-border bg-background py-1 shadow-elevated"
      >
        {results.map((role, i) => (
          <div
            key={`${role.slug}-${role.occupationCode}`}
            id={`${listId}-${i}`}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            // Keep focus in the input: pick on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(role);
            }}
            onMouseEnter={() => setActive(i)}
            className={cn(
              "flex cursor-pointer flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 text-sm",
              i === active ? "bg-primary-soft text-primary-soft-foreground" : "text-foreground",
            )}
          >
            <span className="font-medium">{role.title}</span>
            <span className="text-xs text-muted-foreground">O*NET {role.occupationCode}</span>
          </div>
        ))}
      </div>
      {noMatches ? (
        <p role="status" className="mt-1 text-sm text-muted-foreground">
          No matching roles. Try another job title.
        </p>
      ) : null}
    </div>
  );
}
