// The sidebar's project rows made draggable (dnd-kit): drop a project before another, or at the end,
// to save a new order (user-properties sort_order). Loaded lazily by sidebar-projects.tsx.
import { DndContext, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { reorderProject, type Project } from '../../stores/project-store';
import { projectDropOrder, SidebarProject } from './sidebar-projects';
import { toastOnFailure } from '../../stores/toast-store';

export function DraggableProjects({ slug, projects }: { slug: string; projects: Project[] }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const handleDragEnd = (event: DragEndEvent) => {
    const movedId = String(event.active.id);
    const targetId = event.over ? String(event.over.id).replace(/^before:/, '') : undefined;
    if (targetId === undefined) return;
    const order = projectDropOrder(projects, movedId, targetId === 'end' ? null : targetId);
    if (order !== null) toastOnFailure(reorderProject(slug, movedId, order));
  };
  return (
    <div className="sidebar-projects-draggable" data-testid="sidebar-projects-draggable">
      <DndContext sensors={sensors} onDragEnd={handleDragEnd}>
        {projects.map((project) => <DraggableProject key={project.id} slug={slug} project={project} />)}
        <EndDrop />
      </DndContext>
    </div>
  );
}

function EndDrop() {
  const { setNodeRef, isOver } = useDroppable({ id: 'before:end' });
  return <div ref={setNodeRef} className={`sidebar-drop-end${isOver ? ' sidebar-drop-over' : ''}`} />;
}

function DraggableProject({ slug, project }: { slug: string; project: Project }) {
  // Dragged by pointer only, and it holds links: not a button of its own (axe nested-interactive).
  const drag = useDraggable({ id: project.id, attributes: { role: 'group', tabIndex: -1 } });
  const drop = useDroppable({ id: `before:${project.id}` });
  return (
    <SidebarProject
      slug={slug}
      project={project}
      drag={{ dropRef: drop.setNodeRef, dropOver: drop.isOver, handle: { ref: drag.setNodeRef, ...drag.listeners, ...drag.attributes }, dragging: drag.isDragging }}
    />
  );
}
