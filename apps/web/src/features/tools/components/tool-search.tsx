import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import { formatPrice } from '@toolshop/shared/money';
import { paths } from '@toolshop/shared/paths';
import type { Tool } from '@toolshop/shared/tool';
import { SUGGESTION_COUNT } from '@toolshop/shared/catalogue-filters';
import type { ToolPage } from '@toolshop/shared/tool-filters';
import { LineIcon } from '../../../components/ui/line-icon';
import { apiFetch, searchOf } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/use-hydrated';

/** A buyer who types on is not sent a request per letter: only once they pause this long. */
const TYPING_PAUSE_MS = 150;

type Suggestion = Pick<Tool, '_id' | 'name' | 'price'>;

/** The tools a search suggests, most relevant first; none for a blank search or a failed call. */
function useSuggestions(query: string): Suggestion[] {
  const q = query.trim();
  const [answer, setAnswer] = useState<{ q: string; tools: Suggestion[] }>({ q: '', tools: [] });
  useEffect(() => {
    if (!q) return;
    const abandoned = new AbortController();
    const timer = setTimeout(() => {
      apiFetch<ToolPage>(`/tools${searchOf({ q, limit: SUGGESTION_COUNT })}`, { signal: abandoned.signal })
        .then((page) => setAnswer({ q, tools: page.items }))
        .catch(() => !abandoned.signal.aborted && setAnswer({ q, tools: [] }));
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      abandoned.abort();
    };
  }, [q]);
  // Until the answer for what is typed now arrives, the last one stays: the list does not flicker.
  return q ? answer.tools : [];
}

/**
 * The navbar's search: a GET form to /tools that works before any script (Enter opens the results), and
 * with script a combobox by WAI-ARIA's pattern suggesting up to five tools as the buyer types: ↓ and ↑
 * move through them, Enter on one opens that tool, Escape closes the list (decision 056).
 */
export function ToolSearch() {
  const id = useId();
  const listboxId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const suggestions = useSuggestions(query);
  // The option chosen is kept by its tool, not its place: an answer for the letters typed last may arrive
  // after ↓, and the tool stays chosen while the new list still holds it. Otherwise none is, and Enter
  // opens the full results.
  const [chosenId, setChosenId] = useState<string | null>(null);
  const active = suggestions.findIndex((tool) => tool._id === chosenId);
  const setActive = (index: number) => setChosenId(suggestions[index]?._id ?? null);
  const shown = open && suggestions.length > 0;
  // Before the script runs, a plain search box of a GET form: a combobox only once it can suggest.
  const combobox = useHydrated();

  const openTool = (tool: Suggestion) => {
    setOpen(false);
    setQuery('');
    void navigate(paths.tool(tool._id));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Opening with ↑ lands on the last option, with ↓ on the first; both wrap around.
      setActive(!shown || active < 0 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count);
      setOpen(true);
    } else if (event.key === 'Escape') {
      if (shown) {
        // A search field's own Escape empties it: with suggestions shown, Escape only closes them.
        event.preventDefault();
        setOpen(false);
      } else setQuery('');
      setActive(-1);
    } else if (event.key === 'Enter' && shown && active >= 0) {
      event.preventDefault();
      openTool(suggestions[active]!);
    }
  };

  return (
    <Form
      method="get"
      action={paths.tools}
      role="search"
      aria-label="Search the shop"
      className="relative flex w-full items-center"
      onSubmit={() => setOpen(false)}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        Search tools
      </label>
      <input
        id={`${id}-input`}
        type="search"
        name="q"
        maxLength={100}
        placeholder="Search tools"
        autoComplete="off"
        {...(combobox && {
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-expanded': shown,
          'aria-controls': listboxId,
          'aria-activedescendant': shown && active >= 0 ? optionId(active) : undefined,
        })}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          // Typing on is a new search: by WAI-ARIA's pattern no option stays chosen.
          setChosenId(null);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        className="input input-sm h-10 w-full rounded-r-none border-white/20 bg-white/10 text-white placeholder:text-slate-300 focus:bg-white focus:text-base-content focus:placeholder:text-base-content/60"
      />
      <button type="submit" className="btn btn-primary btn-sm h-10 rounded-l-none px-3">
        <LineIcon>
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </LineIcon>
        <span className="sr-only">Search</span>
      </button>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Suggested tools"
        hidden={!shown}
        className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-box bg-base-100 py-1 text-base-content shadow-xl ring-1 ring-black/10"
      >
        {suggestions.map((tool, index) => (
          <li
            key={tool._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // The input keeps focus (and the list stays open) while the pointer picks an option.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => openTool(tool)}
            onMouseEnter={() => setActive(index)}
            className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${
              index === active ? 'bg-primary text-primary-content' : ''
            }`}
          >
            <span className="truncate font-semibold">{tool.name}</span>
            <span className="shrink-0 tabular-nums">{formatPrice(tool.price)}</span>
          </li>
        ))}
      </ul>
      <span role="status" className="sr-only">
        {shown ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}` : ''}
      </span>
    </Form>
  );
}
