/**
 * Prose that belongs to no particular beat: how a section opens, what the
 * hero notices and thinks, the small scenes between the big ones. Pools are
 * drawn without repetition inside a section and from different starting
 * points in each section (grammar.ts, Chooser), so a long book reads each
 * template about once.
 *
 * Extra slots: `here` (the section's place), `memory` (something that
 * happened in an earlier section, as a noun phrase).
 */

/** First paragraph of a section: time, place, senses, the hero in it. */
export const OPENINGS: readonly (readonly string[])[] = [
  ['[time:cap], [here] was {quiet|restless|crowded|[adjective]}.', '[^sight].', '[^hero] [action].'],
  [
    '[^here] [time].',
    '[^sight], and somewhere {close by|out of sight|behind the walls}, [sound].',
    '[^hero] stood a while and took it in.',
  ],
  [
    'The first thing [hero] noticed about [here] was that [sight].',
    'The second was that [smell].',
    'By the third, [hero.he] had stopped counting and started worrying.',
  ],
  ['[time:cap], [hero] [action].', 'Around [hero.him], [here] went about its business: [sight]; [sound].'],
  [
    '[^hero] reached [here] [time], {tired|hungry|cold|sore} and {wary|watchful|in no mood for surprises}.',
    '[^smell].',
    '[^sight].',
  ],
  [
    'It was [time] when [hero] came to [here], and [sight].',
    '[^hero.he] had been told what to expect. Nobody had told [hero.him] that [sound].',
  ],
  ['There is a particular silence to [here] [time], and [hero] listened to it.', 'It was broken only when [sound].'],
  ['[^sound:cap].', 'That was how [here] greeted [hero] [time]: with that, and with the fact that [smell].'],
  [
    'Later, [hero] would remember [here] by one detail: [sight].',
    'At the time, [hero.he] hardly noticed it. [^hero.he] was too busy watching [ally].',
  ],
  [
    '[^here] had not changed since [hero] last {saw it|thought about it|passed through}.',
    '[^sight]. [^smell].',
    'Only [hero] was different.',
  ],
  [
    'No one in [here] paid [hero] any attention, which suited [hero.him].',
    '[^hero.he] [action] and waited while [sight].',
  ],
  ['[time:cap], the world shrank to [here] and the people in it.', '[^sight:cap]. [^sound:cap].'],
];

/** Paragraphs that slow the story down to look around. */
export const DESCRIPTIONS: readonly (readonly string[])[] = [
  [
    'Around them, [sight].',
    '[^smell].',
    'It was the kind of {place|moment|hour} that stays in the memory longer than it deserves to.',
  ],
  ['[^sound:cap].', 'Then, after a pause, [sound].', '[^hero] found [hero.self] counting the seconds between the two.'],
  ['Everything in [here] seemed to be [adjective], from the [jargon] to the people.', '[^sight].'],
  ['[^ally] pointed without a word, and [hero] looked: [sight].', 'Neither of them said anything for a while.'],
  [
    'The light changed, the way it does [time].',
    '[^sight:cap], and [smell].',
    'For a moment even [hero] forgot to be afraid.',
  ],
  ['[^extra] passed them without a glance.', 'Behind [extra:the], [sight], and [sound].'],
  [
    'There was [object] on a {shelf|table|ledge|hook} nearby, and [hero] could not stop looking at it.',
    'It reminded [hero.him] of [keepsake:the], and of home.',
  ],
  ['[^here] had a smell all its own: [smell:lower].', '[^hero] would know it anywhere, afterwards.'],
  [
    'In the distance, [sound].',
    'Nearer, [sight].',
    'Nearer still, [ally] [action], and the ordinary sound of it was a comfort.',
  ],
  [
    '[^hero] made [hero.self] notice small things, because small things were what [mentor] had taught [hero.him] to trust: [sight]; the way [extra] kept glancing at the door; the fact that [smell].',
  ],
];

/** The hero thinking: about the goal, the stakes, earlier events, the people. */
export const INTERIOR: readonly (readonly string[])[] = [
  ['[^hero] thought about [memory].', 'It felt like years ago. It had been {days|weeks|a handful of nights}.'],
  [
    'All [hero] had ever wanted was to [goal].',
    'It had seemed simple once, the way things seem simple from a long way off.',
  ],
  [
    '[^hero] turned [keepsake:the] over in [hero.his] hands, the way [hero.he] did when [hero.he] needed to think.',
    'It did not help. It never did. [^hero.he] did it anyway.',
  ],
  ['[^mentor] had said once that [saying:lower]', '[^hero] had not understood it then. [^hero.he] was beginning to.'],
  [
    'If [hero] failed, [stakes:past].',
    '[^hero.he] made [hero.self] think the words all the way through, because not thinking them was worse.',
  ],
  [
    'Sometimes [hero] wondered what [rival] was doing at that exact moment.',
    'Then [hero.he] wondered whether [rival] ever wondered the same about [hero.him], and decided [hero.he] would rather not know.',
  ],
  [
    '[^hero] did not feel brave.',
    '[^hero.he] felt [adjective] and tired and a long way from [home], and [hero.he] kept going because stopping felt worse.',
  ],
  [
    '[^hero] had learned something since [memory]: that [theme] is not a thing you have, but a thing you do, again and again, mostly when nobody is watching.',
  ],
  [
    'There were questions [hero] could not ask [ally], and [hero.he] carried them like stones in a pocket.',
    'Why had [ally] really come? What did [ally.he] know about [threat]?',
  ],
  [
    '[^hero] caught [hero.self] thinking of [home], of how [sight], of the people who had no idea what was coming.',
    'That was the point, [hero.he] reminded [hero.self]. That was the whole point.',
  ],
];

/** A few lines between the hero and the ally about nothing much, which is how friendships are made. */
export const BANTER: readonly (readonly (readonly ['hero' | 'ally', string])[])[] = [
  [
    ['ally', 'You’re doing it again.'],
    ['hero', 'Doing what?'],
    ['ally', 'Thinking so loudly I can hear it from here.'],
  ],
  [
    ['hero', 'Do you ever get used to [jargon]?'],
    ['ally', 'No. You just get better at pretending.'],
  ],
  [
    ['ally', 'If we live through this, you owe me {a drink|a meal|a very long sleep|a new pair of boots}.'],
    ['hero', 'If we live through this, I’ll owe you a great deal more than that.'],
    ['ally', 'Good. I’m keeping a list.'],
  ],
  [
    ['hero', 'What would [mentor] do?'],
    ['ally', 'Something wise and annoying.'],
    ['hero', 'That’s not helpful.'],
    ['ally', 'That was very much [mentor]’s style.'],
  ],
  [
    ['ally', 'Tell me something true.'],
    ['hero', 'I’m frightened.'],
    ['ally', 'Something I didn’t know.'],
    ['hero', 'I’m glad you’re here.'],
  ],
  [
    ['hero', 'Did you hear that?'],
    ['ally', 'Hear what?'],
    ['hero', 'Exactly.'],
  ],
  [
    ['ally', '[exclamation]'],
    ['hero', 'That bad?'],
    ['ally', 'Worse. Keep walking.'],
  ],
];

/**
 * Small scenes between the beats: each is a short episode with its own shape,
 * used at most once per book, so a long book has room to breathe without
 * saying the same thing twice.
 */
export const INTERLUDES: readonly (readonly string[])[] = [
  [
    'They ate together that evening, which they had not done in a while.',
    'It was nothing much, whatever [here] had to offer, and [ally] complained about all of it and finished {every bite|the lot|[hero]’s share too}.',
    '[^hero] laughed for the first time in days and was surprised by the sound.',
  ],
  [
    'A child followed them for half a mile, asking questions about [jargon].',
    '[^hero] answered every one of them seriously, and [ally] watched [hero.him] with an expression [hero] could not read.',
    '“You’d have made a good [mentor.role:bare],” [ally] said afterwards. It did not sound like a joke.',
  ],
  [
    '[^hero] wrote a letter that night to someone in [home], and read it twice, and burned it.',
    'Some things were easier to say to a flame.',
  ],
  [
    'Rain came, or its cousin, and kept them pinned for the better part of a day.',
    '[^ally] taught [hero] a game with {pebbles|cards|knots|coins} that [hero] lost eleven times in a row.',
    'On the twelfth [hero.he] won, and suspected [ally] of letting [hero.him], and did not ask.',
  ],
  [
    'They came upon [extra] in trouble on the way, and stopped, because [hero] could not not stop.',
    'It cost them an hour and [object:the], and [ally] grumbled about it for twice as long.',
    'Later that same day, the hour turned out to be worth it, in a way none of them could have foreseen.',
  ],
  [
    '[^hero] woke before dawn and could not get back to sleep.',
    '[^hero.he] sat up and watched [ally] sleep, and wondered what [ally.he] dreamed about, and whether [ally.he] dreamed about [secret:the] at all.',
  ],
  [
    'Something needed mending: {a strap|a torn coat|a boot|a tool} that had picked the worst possible time to break.',
    '[^ally] did it without being asked, with the quick hands of someone who had done it a thousand times, and [hero] realised how little [hero.he] knew about [ally]’s life before.',
  ],
  [
    'They passed a place where something terrible had happened once.',
    'Nobody had to tell them. [^sight:cap], and no one had cleaned it up, and [hero] understood that this was what it would look like if [stakes:past].',
    'After that, [hero] walked faster.',
  ],
  [
    'A stranger shared their fire for one night and told them a story about [threat].',
    'It was the wrong story, as it turned out, but one detail in it was true, and [hero] kept it.',
    'In the morning the stranger was gone, and so was the last of their food.',
  ],
  [
    '[^ally] sang, badly, an old song from [ally.his] childhood.',
    '[^hero] did not know the words, and by the third verse was singing anyway.',
  ],
  [
    'For one whole afternoon, nothing went wrong.',
    'It was so strange that both of them kept looking over their shoulders.',
    '“Enjoy it,” said [ally]. “It’s the universe catching its breath.”',
  ],
  [
    '[^hero] dreamed of [mentor] that night, standing in [home] and saying something [hero.he] could not hear.',
    'When [hero.he] woke, [hero.he] was sure it had been important.',
  ],
  [
    'They argued about the route, as they did every day, and [ally] won, as [ally.he] did every day.',
    'It was, [hero] was beginning to realise, a kind of ritual: a way of saying “we are still alive, and still us.”',
  ],
  [
    '[^extra] recognised [hero] and, instead of calling for [rival]’s people, pressed [object] into [hero.his] hands and walked away without a word.',
    '[^hero] never learned why. [^hero.he] thought about it often.',
  ],
  [
    'In the evening [hero] practised: [hero.he] [action], and then again, and then again, until [hero.his] arms ached.',
    '[^ally] watched for a while. “Better,” [ally.he] said at last, and from [ally] that was a medal.',
  ],
  [
    'The road passed near water, and they washed the dust of [memory] away as best they could.',
    'It did not feel like enough. It never would, [hero] suspected, and that was probably the point.',
  ],
];

/** Narration that leans the way the client's `custom_tone` asked, keyed by the kind of tone. */
export const TONE_ASIDES: Record<'light' | 'dark' | 'warm' | 'lyrical' | 'plain', readonly string[]> = {
  light: [
    'It was, [hero] reflected, exactly the sort of thing that only happens to people who had planned a quiet week.',
    '[^ally] observed that at least things could not get worse, and things, hearing this, immediately did.',
    'There is a kind of courage that looks a great deal like not having thought things through, and [hero] had plenty of it.',
    'If there was a prize for bad timing, [rival] would have won it, and then probably stolen it back.',
  ],
  dark: [
    'Nobody in [here] would remember it kindly. Nobody would remember it at all, if [rival] had [rival.his] way.',
    'There was no comfort in it, and [hero] had stopped looking for comfort some time ago.',
    'The world did not care whether [hero] succeeded. It had never cared about anything.',
    'Some doors, once opened, stay open. [^hero] was beginning to suspect this was one of them.',
  ],
  warm: [
    'And yet, even here, there was kindness: [extra] who shared what little there was, [ally] who kept watch without being asked.',
    '[^hero] thought of everyone who had helped along the way, and felt, for a moment, less alone.',
    'It would be all right. Not easy, not soon, but all right.',
    'There are people who make any place feel like home, and [ally] was one of them.',
  ],
  lyrical: [
    'The evening came down like a slow tide, and the world went blue, and then grey, and then quiet.',
    'Somewhere a {bell|bird|voice} marked the hour, and the hour went on without it.',
    '[^hero] felt the moment pass through [hero.him] like light through water.',
    'Time in [here] moved the way [adjective] things move: slowly, and then all at once.',
  ],
  plain: ['That was the way of it in [here].', 'It was what it was, and [hero] had learned not to ask for more.'],
};

/** Which asides a tone word calls for. */
export const TONE_KINDS: ReadonlyArray<[RegExp, keyof typeof TONE_ASIDES]> = [
  [/funn|humor|humour|wry|witty|comic|playful|silly|light|whims|sarcas|ironic|cheeky/i, 'light'],
  [/dark|grim|bleak|gritty|brooding|sombre|somber|menac|cynic|haunt|melanchol|sad/i, 'dark'],
  [/warm|hope|uplift|gentle|cosy|cozy|tender|heartfelt|kind|optimis|sweet|joy/i, 'warm'],
  [/lyric|poetic|dreamy|elegant|literary|atmospher|evocative|ornate|beautiful/i, 'lyrical'],
  [/plain|terse|spare|minimal|direct|blunt|simple|hard-boiled|matter/i, 'plain'],
];
