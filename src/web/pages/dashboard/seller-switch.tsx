import { useEffect, useId } from 'react';
import { useNavigate } from 'react-router';
import { fillMessage, messages } from '../../../contract/messages.js';
import { chooseSeller, useMembershipsQuery } from '../../api/team.js';
import { useAccountId, useSellerId } from '../../auth/session.js';
import { ROLE_TITLES } from './team/role-titles.js';

const t = messages.teamScreen;

/**
 * The header's switch between the person's own cabinet and the teams they are in: it changes
 * which seller every call names (`user_id`), and the choice survives a reload. Nothing shows for
 * a person in no team.
 */
export function SellerSwitch() {
  const id = useId();
  const navigate = useNavigate();
  const personId = useAccountId();
  const sellerId = useSellerId();
  const memberships = useMembershipsQuery().data;

  // Removed from the team meanwhile: back to the person's own cabinet.
  useEffect(() => {
    if (memberships && sellerId !== personId && !memberships.some((membership) => membership.user_id === sellerId)) chooseSeller(null);
  }, [memberships, sellerId, personId]);

  if (!memberships || memberships.length === 0 || personId === undefined) return null;
  const handleChange = (value: string) => {
    chooseSeller(Number(value));
    void navigate('/dashboard');
  };
  return (
    <div className="topbar__switch">
      <label htmlFor={id} className="topbar__switch-label">
        {t.switchLabel}
      </label>
      <select id={id} className="topbar__switch-select" value={sellerId} onChange={(event) => handleChange(event.target.value)}>
        <option value={personId}>{t.switchOwn}</option>
        {memberships.map((membership) => (
          <option key={membership.user_id} value={membership.user_id}>
            {fillMessage(t.switchMember, { name: membership.name, role: ROLE_TITLES[membership.role] })}
          </option>
        ))}
      </select>
    </div>
  );
}
