import { describe, expect, it } from 'vitest';
import { ServerTaskNotices, type TaskNotice } from './server-task-notices';

describe('ServerTaskNotices', () => {
  it('hands a task its notices, those that came before it was followed first', () => {
    const notices = new ServerTaskNotices();
    const seen: TaskNotice[] = [];
    notices.notified({ taskId: 't1', status: 'completed' });
    notices.follow('t1', (notice) => seen.push(notice));
    notices.notified({ taskId: 't1', status: 'working', statusMessage: 'again' });
    expect(seen).toEqual([
      { status: 'completed', statusMessage: undefined },
      { status: 'working', statusMessage: 'again' },
    ]);
  });

  it('ignores params that name no task, and keeps only a bounded backlog for tasks nobody follows', () => {
    const notices = new ServerTaskNotices();
    for (const params of [undefined, null, 'x', { status: 'working' }, { taskId: 7, status: 'working' }]) notices.notified(params);
    for (let i = 0; i < 1000; i++) notices.notified({ taskId: `t${i}`, status: 'working' });
    for (let i = 0; i < 50; i++) notices.notified({ taskId: 't999', status: 'working' });
    const seen: TaskNotice[] = [];
    notices.follow('t0', (notice) => seen.push(notice));
    notices.follow('t999', (notice) => seen.push(notice));
    expect(seen).toHaveLength(20);
  });
});
