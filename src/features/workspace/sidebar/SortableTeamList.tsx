import { useCallback, useMemo, type CSSProperties } from 'react';
import {
  DragDropContext,
  Draggable,
  Droppable,
  type DraggableStateSnapshot,
  type DraggableStyle,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import type { Team } from '../../../../contract/teams';
import { useAppDispatch } from '../../../app/hooks';
import { copy } from '../../../shared/copy';
import { TeamGroup } from './TeamGroup';
import { MY_TEAMS_DROPPABLE_ID, moveFromDrop, reorderMyTeams, teamDraggableId } from './teamOrder';
import { TeamList } from './TeamList';

/**
 * "나의 팀" with drag-to-reorder (full sidebar only). Its own lazy chunk, so `@hello-pangea/dnd` loads
 * only when the full sidebar renders. Mouse and keyboard (space to lift, arrows, space to drop, Esc to cancel)
 * come from the library's sensors; a drop calls `reorderMyTeams`, which reorders the cache synchronously.
 *
 * Timings (docs/product.md "Sidebar"): items moving out of the way animate over the library's fixed 0.2 s (= the 200
 * ms sortable transition); the drop animation is forced to 250 ms below; keyboard moves go one position per arrow
 * press (the library has no pixel step to set).
 */

export const DROP_ANIMATION_MS = 250;
const DROP_CURVE = 'cubic-bezier(0.2, 1, 0.1, 1)';

/** The library's draggable style, with the drop animation at 250 ms instead of its 330–550 ms. */
export function draggableStyle(
  style: DraggableStyle | undefined,
  snapshot: Pick<DraggableStateSnapshot, 'isDropAnimating'>,
): CSSProperties | undefined {
  if (!style || !snapshot.isDropAnimating) return style;
  const timing = `${DROP_ANIMATION_MS}ms ${DROP_CURVE}`;
  return { ...style, transition: `transform ${timing}, opacity ${timing}` };
}

const position = (index: number) => index + 1;

export default function SortableTeamList({ id, teams }: { id: string; teams: Team[] }) {
  const dispatch = useAppDispatch();
  const names = useMemo(
    () => new Map(teams.map((team) => [teamDraggableId(team.teamId), team.teamName])),
    [teams],
  );
  const nameOf = useCallback((draggableId: string) => names.get(draggableId) ?? '', [names]);
  const drag = copy.sidebar.drag;

  const onDragStart = useCallback(
    (start: DragStart, provided: ResponderProvided) => {
      provided.announce(drag.lifted(nameOf(start.draggableId), position(start.source.index)));
    },
    [drag, nameOf],
  );

  const onDragUpdate = useCallback(
    (update: DragUpdate, provided: ResponderProvided) => {
      provided.announce(
        update.destination
          ? drag.moved(nameOf(update.draggableId), position(update.destination.index))
          : drag.outside,
      );
    },
    [drag, nameOf],
  );

  const onDragEnd = useCallback(
    (result: DropResult, provided: ResponderProvided) => {
      const name = nameOf(result.draggableId);
      const move = moveFromDrop(result);
      if (move) {
        provided.announce(drag.dropped(name, position(move.to)));
        void dispatch(reorderMyTeams(move));
      } else {
        provided.announce(drag.cancelled(name, position(result.source.index)));
      }
    },
    [dispatch, drag, nameOf],
  );

  return (
    <DragDropContext
      onDragStart={onDragStart}
      onDragUpdate={onDragUpdate}
      onDragEnd={onDragEnd}
      dragHandleUsageInstructions={drag.instructions}
    >
      <Droppable droppableId={MY_TEAMS_DROPPABLE_ID}>
        {(droppable) => (
          <TeamList
            id={id}
            ref={droppable.innerRef}
            {...droppable.droppableProps}
            aria-label={copy.sidebar.myTeamsSection}
          >
            {teams.map((team, index) => (
              <Draggable key={team.teamId} draggableId={teamDraggableId(team.teamId)} index={index}>
                {(provided, snapshot) => (
                  <TeamGroup
                    ref={provided.innerRef}
                    team={team}
                    scope="team"
                    mini={false}
                    sortable
                    drag={{
                      draggableProps: {
                        ...provided.draggableProps,
                        style: draggableStyle(provided.draggableProps.style, snapshot),
                      },
                      dragHandleProps: provided.dragHandleProps ?? null,
                      isDragging: snapshot.isDragging && !snapshot.isDropAnimating,
                    }}
                  />
                )}
              </Draggable>
            ))}
            {droppable.placeholder}
          </TeamList>
        )}
      </Droppable>
    </DragDropContext>
  );
}
