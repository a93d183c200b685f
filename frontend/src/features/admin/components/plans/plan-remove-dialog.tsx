// Delete a plan: one never sold is removed; one with sales is deactivated instead (the server
// decides and says which). Also (de)activating without deleting.
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useDeletePlan } from '../../api/delete-plan';
import { useSavePlan } from '../../api/save-plan';
import type { AdminPlan } from '../../types';
import { planRemoveStatement } from '../../statements';
import { ConfirmStep } from '../confirm-step';

export function PlanRemoveDialog({ plan, onClose }: { plan: AdminPlan; onClose: () => void }) {
  const remove = useDeletePlan();
  const confirm = () =>
    remove.mutate(plan.id, {
      onSuccess: (answer) => {
        notify.success(answer.deleted ? `Plan "${plan.name}" deleted` : `Plan "${plan.name}" deactivated: it has sales`);
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  return (
    <Dialog open onClose={onClose} title="Delete plan">
      <ConfirmStep statement={planRemoveStatement(plan)} confirmLabel={plan.sold > 0 ? 'Deactivate' : 'Delete'} danger busy={remove.isPending} onBack={onClose} onConfirm={confirm} />
    </Dialog>
  );
}

export function PlanActiveDialog({ plan, onClose }: { plan: AdminPlan; onClose: () => void }) {
  const save = useSavePlan();
  const active = !plan.active;
  const confirm = () =>
    save.mutate(
      { id: plan.id, body: { active } },
      {
        onSuccess: () => {
          notify.success(`Plan "${plan.name}" ${active ? 'activated' : 'deactivated'}`);
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  return (
    <Dialog open onClose={onClose} title={active ? 'Activate plan' : 'Deactivate plan'}>
      <ConfirmStep
        statement={active ? `Activate "${plan.name}": customers can buy it again.` : `Deactivate "${plan.name}": customers can no longer buy it.`}
        confirmLabel={active ? 'Activate' : 'Deactivate'}
        busy={save.isPending}
        onBack={onClose}
        onConfirm={confirm}
      />
    </Dialog>
  );
}
