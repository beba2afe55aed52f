import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { styled } from '@mui/material/styles';
import { STATE_LABELS, type ItemKind } from '../../../contract/itemEnums';
import { SEARCH_LIMIT, useSearchQuery } from '../../api/searchApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { copy } from '../../shared/copy';
import { ExternalIcon, GoalIcon, IssueIcon } from '../../shared/ui/icons/kindIcons';
import { tokens } from '../../shared/ui/tokens';
import { VisuallyHidden } from '../../shared/ui/VisuallyHidden';
import { useIsPhone } from '../../shared/lib/useViewport';
import { useDefaultTeamId, type TeamRef } from './currentTeam';
import { highlightParts, paletteOptions, type PaletteOption, type PaletteSection } from './paletteModel';
import { recentItemVisited, selectRecentItems } from './recentSlice';

/** Search-as-you-type waits this long after the last keystroke (or composition step). */
export const SEARCH_DEBOUNCE_MS = 150;

const KIND_ICONS: Record<ItemKind, typeof GoalIcon> = {
  goal: GoalIcon,
  issue: IssueIcon,
  external: ExternalIcon,
};
const SECTIONS: PaletteSection[] = ['goal', 'issue', 'external', 'recent', 'actions'];

const Panel = styled('div')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  maxHeight: '70vh',
  fontSize: '1.4rem',
  // Phones: a full-screen sheet; the results take the height between the search row and the bottom edge.
  '&[data-sheet="true"]': { maxHeight: 'none', height: '100%' },
  '& .search-row': {
    display: 'flex',
    alignItems: 'center',
    borderBottom: `1px solid ${theme.palette.grey[300]}`,
  },
  '& .search-row .input': { flex: 1, minWidth: 0, borderBottom: 0 },
  '& .close': { flex: 'none', width: '4.4rem', height: '4.4rem', marginRight: '0.8rem' },
  letterSpacing: tokens.letterSpacing,
  '& .input': {
    boxSizing: 'border-box',
    width: '100%',
    padding: '1.6rem 2rem',
    border: 0,
    borderBottom: `1px solid ${theme.palette.grey[300]}`,
    outline: 'none',
    font: 'inherit',
    fontSize: '1.6rem',
  },
  '& .results': { overflowY: 'auto', padding: '0.8rem 0', flex: '1 1 auto' },
  '&[data-sheet="true"] .option': { minHeight: '4.8rem' },
  '&[data-sheet="true"] .heading, &[data-sheet="true"] .option, &[data-sheet="true"] .status': {
    paddingLeft: '1.6rem',
    paddingRight: '1.6rem',
  },
  '& .heading': {
    padding: '0.8rem 2rem 0.4rem',
    fontSize: '1.2rem',
    fontWeight: 600,
    color: theme.palette.text.secondary,
  },
  '& .option': {
    display: 'flex',
    alignItems: 'center',
    gap: '0.8rem',
    minHeight: '3.6rem',
    padding: '0.4rem 2rem',
    cursor: 'pointer',
  },
  '& .option[aria-selected="true"]': { backgroundColor: theme.palette.grey[200] },
  '& .state': { flex: 'none', width: '1.2rem', height: '1.2rem', borderRadius: '50%' },
  '& .kind': { flex: 'none', width: '1.8rem', height: '1.8rem', color: theme.palette.text.secondary },
  '& .name': { flex: 'none', color: theme.palette.text.secondary, fontSize: '1.3rem' },
  '& .text': { minWidth: 0, flex: 1, display: 'flex', flexDirection: 'column' },
  '& .title, & .snippet': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .snippet': { color: theme.palette.text.secondary, fontSize: '1.2rem' },
  '& .team': { flex: 'none', color: theme.palette.text.secondary, fontSize: '1.2rem' },
  '& mark': {
    backgroundColor: 'transparent',
    color: 'inherit',
    fontWeight: 700,
    textDecoration: 'underline',
  },
  '& .status, & .footer': { padding: '1.2rem 2rem', color: theme.palette.text.secondary },
  '& .footer': {
    borderTop: `1px solid ${theme.palette.grey[300]}`,
    fontSize: '1.2rem',
    padding: '0.8rem 2rem',
  },
}));

/** `text` with the matched characters in `<mark>`. */
function Highlighted({ text, ranges }: { text: string; ranges: Array<[number, number]> }) {
  return (
    <>
      {highlightParts(text, ranges).map((part, index) =>
        part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

function OptionBody({ option }: { option: PaletteOption }): ReactNode {
  if (option.type === 'action') {
    return (
      <span className="text">
        <span className="title">
          <Highlighted text={option.label} ranges={option.ranges} />
        </span>
      </span>
    );
  }
  const { item } = option;
  const KindIcon = KIND_ICONS[item.kind];
  return (
    <>
      <span className="state" style={{ backgroundColor: tokens.status[item.state] }} aria-hidden="true" />
      <VisuallyHidden>{copy.search.state(STATE_LABELS[item.state])}</VisuallyHidden>
      <KindIcon className="kind" />
      <span className="name">
        <Highlighted text={item.name} ranges={option.nameRanges} />
      </span>
      <span className="text">
        <span className="title">
          <Highlighted text={item.title} ranges={option.titleRanges} />
        </span>
        {option.snippet && <span className="snippet">{option.snippet}</span>}
      </span>
      <span className="team">{item.teamName}</span>
    </>
  );
}

/** Why the palette closed: dismissed (Esc, backdrop, close button) or an option was chosen (a new page). */
export type CloseReason = 'dismiss' | 'navigate';

export interface CommandPaletteProps {
  /** `dismiss`: Esc, the backdrop or the close button; `navigate`: an option was chosen. */
  onClose: (reason: CloseReason) => void;
  team: TeamRef | null;
}

/**
 * The command palette (docs/product.md "Search"): a combobox over a listbox of hits and actions. Typing searches
 * after a short pause (one request per pause, however many composition steps a Hangul syllable takes; a syllable
 * still being composed searches too, which is how `로그이` finds `로그인`); the last hits stay on screen while the
 * next ones load. ↑/↓ move (wrapping), Enter opens (never while composing), Esc closes. Mounted while open, so
 * each opening starts empty. On phones (< 600 px) it is a full-screen sheet with a close button (no Esc key there).
 * The focus goes back to the opener through `onClose` (SearchLayer.tsx), not through the dialog: a chosen option
 * leaves it to the new page.
 */
export default function CommandPalette({ onClose, team }: CommandPaletteProps) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const recent = useAppSelector(selectRecentItems);
  const defaultTeamId = useDefaultTeamId();
  const listId = useId();
  const headingId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const phone = useIsPhone();

  // Debounced: every change (each composition step included) restarts the wait.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const { data, isFetching, isError } = useSearchQuery(
    { q: query, limit: SEARCH_LIMIT },
    { skip: query === '' },
  );
  // `data` is the latest answer, whatever it was for: kept while the next query loads (no flicker).
  const hits = query === '' ? undefined : data?.items;

  const options = useMemo(
    () => paletteOptions({ text, query, hits, recent, team, defaultTeamId }),
    [text, query, hits, recent, team, defaultTeamId],
  );
  const found = options.findIndex((option) => option.key === activeKey);
  const activeIndex = options.length === 0 ? -1 : Math.max(0, found);
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the id is derived from listId, which is stable
  }, [activeIndex]);

  const choose = (option: PaletteOption) => {
    if (option.type === 'item') dispatch(recentItemVisited(option.item));
    onClose('navigate');
    void navigate(option.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = (activeIndex + step + options.length) % options.length;
      setActiveKey(options[next]!.key);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) choose(option);
    }
  };

  const status = (() => {
    if (text.trim() === '') return null;
    if (isError && !hits) return copy.search.failed;
    if (options.length > 0) return null;
    if (isFetching || query !== text.trim()) return copy.search.searching;
    return copy.search.noResults;
  })();

  const positions = new Map(options.map((option, position) => [option.key, position]));
  const sections = SECTIONS.map((section) => {
    const inSection = options.filter((option) => option.section === section);
    if (inSection.length === 0) return null;
    const sectionHeading = `${headingId}-${section}`;
    return (
      <div key={section} role="group" aria-labelledby={sectionHeading}>
        <div className="heading" id={sectionHeading} role="presentation">
          {copy.search.groups[section]}
        </div>
        {inSection.map((option) => {
          const position = positions.get(option.key)!;
          return (
            <div
              key={option.key}
              id={optionId(position)}
              className="option"
              role="option"
              aria-selected={position === activeIndex}
              data-testid="palette-option"
              onMouseMove={() => position !== activeIndex && setActiveKey(option.key)}
              onClick={() => choose(option)}
            >
              <OptionBody option={option} />
            </div>
          );
        })}
      </div>
    );
  });

  const input = (
    <input
      className="input"
      role="combobox"
      aria-label={copy.search.label}
      aria-expanded={options.length > 0}
      aria-controls={listId}
      aria-autocomplete="list"
      aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
      placeholder={phone ? copy.search.placeholderShort : copy.search.placeholder}
      autoComplete="off"
      spellCheck={false}
      autoFocus
      enterKeyHint="go"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={onKeyDown}
    />
  );

  return (
    <Dialog
      open
      onClose={() => onClose('dismiss')}
      fullScreen={phone}
      fullWidth
      maxWidth={false}
      disableRestoreFocus
      aria-labelledby={`${headingId}-title`}
      slotProps={{
        paper: {
          sx: phone
            ? { width: '100%' }
            : { width: '64rem', maxWidth: 'calc(100% - 3.2rem)', alignSelf: 'flex-start', mt: '12vh' },
        },
        transition: { timeout: 0 },
      }}
    >
      <Panel data-sheet={phone}>
        <VisuallyHidden as="h2" id={`${headingId}-title`}>
          {copy.search.label}
        </VisuallyHidden>
        {phone ? (
          <div className="search-row">
            {input}
            <IconButton className="close" aria-label={copy.search.close} onClick={() => onClose('dismiss')}>
              <CloseIcon />
            </IconButton>
          </div>
        ) : (
          input
        )}
        <div className="results" id={listId} role="listbox" aria-label={copy.search.label}>
          {sections}
        </div>
        {status && (
          <div className="status" role="status">
            {status}
          </div>
        )}
        {!phone && (
          <div className="footer" aria-hidden="true">
            {copy.search.footer}
          </div>
        )}
      </Panel>
    </Dialog>
  );
}
