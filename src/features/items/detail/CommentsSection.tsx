import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { styled } from '@mui/material/styles';
import {
  commentsEnabled,
  useCreateCommentMutation,
  useGetCommentsQuery,
  type CommentCategory,
} from '../../../api/itemDetailApi';
import { mutedWhenDisabled, navyButtonStyle } from '../../../shared/ui/buttons';
import { tokens } from '../../../shared/ui/tokens';
import { copy } from '../../../shared/copy';
import { Avatar } from '../../../shared/ui/Avatar';
import { commentDate } from './detailModel';
import { useKeyboardInset } from './keyboardInset';

/* Comments of a detail in view mode. */

const Section = styled('section')({
  display: 'flex',
  flexDirection: 'column',
  gap: '2.4rem',
  marginTop: '4.8rem',
  paddingBottom: '2.4rem',
  '& > h2': { margin: 0, fontSize: '2rem', fontWeight: 400, display: 'flex', gap: '0.8rem' },
  '& > h2 > .count': { color: tokens.grey[500] },
});

const List = styled('ol')({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2.4rem',
});

const Entry = styled('li')({
  display: 'grid',
  gridTemplateColumns: '3.2rem minmax(0, 1fr)',
  columnGap: '1.2rem',
  '& .meta': { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: '0.8rem' },
  '& .name': { fontSize: '1.6rem', fontWeight: 700 },
  '& time': { fontSize: '1.4rem', color: tokens.grey[500] },
  '& .content': {
    gridColumn: 2,
    margin: '0.4rem 0 0',
    fontSize: '1.6rem',
    whiteSpace: 'pre-wrap',
    // A long link or word wraps instead of widening a phone screen.
    overflowWrap: 'anywhere',
  },
});

const Muted = styled('p')({ margin: 0, fontSize: '1.6rem', color: tokens.grey[500] });

/**
 * Stuck to the bottom of the page's scroll area, above the band the floating save button keeps free
 * (`--detail-save-band`, set by the detail page where the button would cover the box) and, while it has the focus
 * on a phone, above the on-screen keyboard (keyboardInset.ts, an inline `bottom`).
 */
const Box = styled('form')(({ theme }) => ({
  position: 'sticky',
  bottom: 'var(--detail-save-band, 0px)',
  zIndex: 2,
  display: 'flex',
  flexDirection: 'column',
  gap: '1.2rem',
  minHeight: '13rem',
  boxSizing: 'border-box',
  padding: '2.4rem',
  borderRadius: '5px',
  backgroundColor: tokens.grey[100],
  boxShadow: '0 10px 15px -3px rgba(0,0,0,.10), 0 4px 6px -2px rgba(0,0,0,.05)',
  // The band under the lifted box is the page's own background: text scrolling past does not show under it.
  '&::after': {
    content: '""',
    position: 'absolute',
    left: 0,
    right: 0,
    // From under the rounded bottom corners.
    top: 'calc(100% - 0.5rem)',
    height: 'calc(var(--detail-save-band, 0px) + 0.5rem)',
    backgroundColor: theme.palette.background.default,
    pointerEvents: 'none',
    // Above the box's background (a 0.5 rem overlap hides the page behind the rounded corners), below its fields.
    zIndex: -1,
  },
  '& textarea': {
    flex: 1,
    border: 'none',
    outline: 'none',
    resize: 'none',
    font: 'inherit',
    fontSize: '1.6rem',
    '&::placeholder': { color: tokens.grey[500] },
  },
  '& button': {
    ...navyButtonStyle,
    ...mutedWhenDisabled,
    alignSelf: 'flex-end',
    height: '3.2rem',
    padding: '0 1.6rem',
    borderRadius: '3.75px',
    fontSize: '1.4rem',
    transition: 'background-color 300ms',
  },
  // Phones: one row, the field growing with its text up to five lines, like a messenger's input.
  [theme.breakpoints.down('sm')]: {
    flexDirection: 'row',
    alignItems: 'flex-end',
    minHeight: 0,
    padding: '0.8rem 0.8rem 0.8rem 1.6rem',
    gap: '0.8rem',
    '& textarea': {
      minWidth: 0,
      minHeight: '4.4rem',
      maxHeight: '12rem',
      padding: '1.1rem 0',
      boxSizing: 'border-box',
      lineHeight: 1.4,
      fieldSizing: 'content',
    },
    '& button': { flex: 'none', height: '4.4rem', minWidth: '6.4rem' },
  },
}));

export interface CommentsSectionProps {
  category: CommentCategory;
  targetId: number | null;
}

export function CommentsSection({ category, targetId }: CommentsSectionProps) {
  const text = copy.comments;
  const headingId = useId();
  const enabled = commentsEnabled(targetId);
  const { data, isLoading, isError, error } = useGetCommentsQuery(
    { category, targetId: targetId ?? 0 },
    { skip: !enabled },
  );
  const [createComment, { isLoading: sending }] = useCreateCommentMutation();
  const [draft, setDraft] = useState('');
  const composing = useRef(false);
  /** After the box: with the band below it (scroll margin), the very end of the page. */
  const pageEnd = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLFormElement>(null);
  /** The box holds the focus: only then does the keyboard lift it. */
  const [focused, setFocused] = useState(false);
  const keyboard = useKeyboardInset(boxRef, focused);
  /** Set after a post: scroll to the bottom once the refreshed list renders. */
  const scrollPending = useRef(false);

  useEffect(() => {
    if (isError) console.error(text.failed, error);
  }, [isError, error, text.failed]);

  useEffect(() => {
    if (scrollPending.current && data) {
      scrollPending.current = false;
      // The end of the page comes into view, the box at its own place under the list: the newest comment shows
      // right above it (scrolling the list's end to the bottom edge would leave it under the sticky box).
      pageEnd.current?.scrollIntoView?.({ behavior: 'smooth', block: 'end' });
    }
  }, [data]);

  const content = draft.trim();
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!content || sending || !enabled) return;
    try {
      await createComment({ category, targetId, content }).unwrap();
      setDraft('');
      scrollPending.current = true;
    } catch (cause) {
      console.error(cause);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    // Never act on the Enter that completes a Hangul syllable.
    if (composing.current || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    void submit();
  };

  return (
    <>
      <Section aria-labelledby={headingId}>
        <h2 id={headingId}>
          {text.heading}
          {data && <span className="count">{data.cnt}</span>}
        </h2>
        {isLoading ? (
          <Muted role="status">{text.loading}</Muted>
        ) : isError ? (
          <Muted role="alert">{text.error}</Muted>
        ) : !data || data.info.length === 0 ? (
          <Muted>{text.empty}</Muted>
        ) : (
          <List aria-labelledby={headingId}>
            {data.info.map((comment) => (
              <Entry key={comment.id}>
                <Avatar src={comment.profileUrl} size="3.2rem" />
                <div className="meta">
                  <span className="name">{comment.name}</span>
                  <time dateTime={comment.createdAt}>{commentDate(comment.createdAt)}</time>
                </div>
                <p className="content">{comment.content}</p>
              </Entry>
            ))}
          </List>
        )}
      </Section>
      <Box
        ref={boxRef}
        style={keyboard > 0 ? { bottom: `${keyboard}px` } : undefined}
        onSubmit={(event) => void submit(event)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <textarea
          aria-label={text.inputLabel}
          placeholder={text.placeholder}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onCompositionStart={() => {
            composing.current = true;
          }}
          onCompositionEnd={() => {
            composing.current = false;
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" disabled={!content || sending}>
          {text.submit}
        </button>
      </Box>
      <div ref={pageEnd} style={{ scrollMarginBottom: 'var(--detail-save-band, 0px)' }} />
    </>
  );
}
