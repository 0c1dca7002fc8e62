import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation, setLocationAdapter } from '../../../src/core/config/location';
import { $messageListRequests } from '../../../src/core/messages';
import { followSkill } from '../../../src/core/voice';

// Where a found skill takes the user (issue 56): "open my messages" opens the header's list on the page itself.

const PHONE = 'https://school.test/pages/base/mobile_desktop_all/index.html#/desktop/home';

describe('followSkill', () => {
  let location: ReturnType<typeof memoryLocation>;
  beforeEach(() => {
    location = memoryLocation(PHONE);
    setLocationAdapter(location);
  });

  it('opens the message list for the messages route of the page itself, and stays on the page', () => {
    const before = $messageListRequests.get();
    followSkill('https://school.test/pages/base/mobile_desktop_all/index.html#/messages');
    expect($messageListRequests.get()).toBe(before + 1);
    expect(location.href()).toBe(PHONE);
  });

  it('leaves any other url to the gate, which goes there (it opens no app): the list is not asked for', async () => {
    const before = $messageListRequests.get();
    const elsewhere = 'https://school.test/pages/base/pc_desktop_all/index.html#/messages';
    followSkill(elsewhere);
    await vi.waitFor(() => expect(location.visited).toEqual([elsewhere]));
    expect($messageListRequests.get()).toBe(before);
  });
});
