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

import type { Line } from './story-beats';

/** First paragraph of a section: time, place, senses, the hero in it. */
export const OPENINGS: readonly (readonly string[])[] = [
  ['[time:cap], [here] was {quiet|restless|crowded|[adjective]}.', '[^sight].', '[^hero] [action].'],
  [
    '[^hero] came to [here] [time].',
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
  [
    '[^here] smelled of {rain|dust|smoke|old stone|salt}, and of something else [hero] could not name.',
    '[^sight].',
    '[^ally] [action] and said nothing, which was how [hero] knew [ally.he] had noticed it too.',
  ],
  [
    'By the time they reached [here], the light had changed and the air had turned colder.',
    '[^sound:cap].',
    '[^hero] pulled [keepsake] closer and kept walking.',
  ],
  [
    '[^hero] had imagined [here] many times.',
    'None of the imagining had included the fact that [smell:lower], or that [sight].',
  ],
  ['Nothing moved in [here] [time] except [hero], and, a long way off, whatever was making the noise: [sound].'],
  [
    '[time:cap], [here] belonged to {the watchful|the sleepless|the stubborn|those with nowhere else to be}.',
    '[^hero] counted [hero.self] among them.',
    '[^sight].',
  ],
  [
    'The way into [here] was {narrow|steep|longer than it looked|watched}.',
    '[^hero] went first. [^ally] followed, muttering.',
    'At the end of it, [sight].',
  ],
  [
    '[^ally] was the first to speak when they came to [here], and what [ally.he] said was not repeatable.',
    '[^sight:cap]. [^sound:cap].',
  ],
  [
    'If [here] had a heart, it beat {slowly|unevenly|like a held breath} [time].',
    '[^hero] felt it through the soles of [hero.his] boots: [sound].',
  ],
  [
    'The first hour in [here] passed without incident, which [hero] did not trust at all.',
    '[^smell:cap]. [^hero] [action].',
  ],
  [
    '[^hero] woke in [here] [time], for a moment unsure where [hero.he] was.',
    'Then [sight], and [hero.he] remembered everything at once.',
  ],
  [
    'Some places announce themselves. [^here] did not; it waited, the way a held door waits.',
    '[^sight:cap], and [sound].',
  ],
  [
    'They had been told that [here] was {safe|empty|abandoned|friendly}. It was none of those things.',
    '[^sight:cap]. [^smell:cap].',
  ],
  [
    '[time:cap], [hero] stood at the edge of [here] and made [hero.self] look properly.',
    '[^sight:cap]. [^sight:cap]. Then, finally, the thing [hero.he] had come for.',
  ],
  [
    'It began to {rain|blow|grow dark|turn cold} as they came into [here].',
    '[^hero] did not mind. It felt honest, after everything.',
  ],
  [
    '[^extra] was the only soul in sight when [hero] arrived at [here].',
    '[^extra:the:cap] looked up, looked away, and went back to work, and [sound].',
  ],
  ['[^here] was louder than [hero] had expected: [sound], and under it, steadily, [sound].'],
  [
    'There was a moment, arriving at [here] [time], when [hero] almost turned back.',
    'It passed. [^hero] [action] instead, and went in.',
  ],
  [
    '[^hero] knew [here] from stories, and the stories had been wrong about nearly everything.',
    'They had been right about one thing: [sight].',
  ],
];

/** Paragraphs that slow the story down to look around. */
export const DESCRIPTIONS: readonly (readonly string[])[] = [
  [
    'Around them, [sight].',
    '[^smell].',
    'It was the kind of {place|moment|hour} that stays in the memory longer than it deserves to.',
  ],
  ['[^sound:cap].', 'Then, after a pause, [sound].', '[^hero] found [hero.self] counting the seconds between the two.'],
  ['Everything in [here] seemed to be [adjective], from the [jargon:bare] to the people.', '[^sight].'],
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
  [
    'Up close, [here] was shabbier than it looked from a distance, and somehow more alive.',
    '[^sight:cap]. [^sound:cap].',
  ],
  [
    '[^hero] stood very still and let the place come to [hero.him]: first [sound], then the fact that [smell:lower], and last of all, [sight].',
  ],
  ['A little way off, [extra] [action].', 'It was an ordinary thing to do, and it made everything else seem stranger.'],
  ['[^sight:cap].', '[^hero] watched it for longer than [hero.he] meant to, the way you watch a fire.'],
  ['Outside, [sight].', 'Inside, [smell:lower], and somebody had left [object] where anyone could take it.'],
  [
    'Nobody spoke. [^sound:cap], and then, much nearer, [sound].',
    '[^hero] found [hero.self] holding [hero.his] breath.',
  ],
  ['The light [time:lower] suited [here].', 'It softened the edges and hid the worst of it: [sight].'],
  ['For a while the only company they had was [here] itself: [sight]; [sound]; [smell:lower].'],
  [
    'It was a [adjective] place, and the people in it had {a [adjective] look|[adjective] faces|the [adjective] patience of people who expect nothing}.',
  ],
  [
    '[^hero] would have liked to draw it, if [hero.he] had had the time, or the talent: [sight], and beyond that, [sight].',
  ],
  ['Somewhere a door {opened|closed|banged}. [^sound:cap]. The ordinary noises of [here] carried on around them.'],
  ['There was a smell to the air that [hero] would later connect with this whole part of the journey: [smell:lower].'],
  ['[^extra] was arguing with [extra] over [object]. Neither of them looked up as [hero] passed.'],
  ['[^sight:cap], and it seemed to [hero] a kind of warning, although of what [hero.he] could not have said.'],
  [
    '[^ally] drew [hero]’s attention to small things as they went: where [sight], how [sound], why that mattered.',
    'It was like walking with a guide to a country [hero] had been born in without knowing.',
  ],
  ['[time:cap], the colours of [here] changed: everything went [adjective], then grey, then dark.'],
  ['The place had been built for people who expected trouble.', 'Even the [jargon:bare] looked ready for it.'],
  ['[^hero] had the feeling of being watched, and looked up: [sight].', 'Only that. Probably only that.'],
  ['A dog barked, or something like a dog. [^sound:cap]. Then quiet again, the thick, attentive kind.'],
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
  ['[^mentor] had said it once: “[saying]”', '[^hero] had not understood it then. [^hero.he] was beginning to.'],
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
  [
    '[^hero] tried to remember when [hero.he] had last been simply happy.',
    'Before [memory], certainly. Perhaps long before.',
  ],
  [
    'It occurred to [hero] that [rival] must once have been young, and frightened, and wanting to [goal].',
    'The thought was not comforting.',
  ],
  [
    '[^hero] had not told [ally] everything. [^hero.he] suspected [ally] had not told [hero.him] everything either.',
    'It seemed a fair arrangement, for now.',
  ],
  [
    'What would [hero.he] say to [mentor], if [mentor.he] were here?',
    'Probably nothing. [^mentor] would say it for [hero.him], and better.',
  ],
  [
    '[^hero] made a list in [hero.his] head: what [hero.he] knew, what [hero.he] guessed, what [hero.he] feared.',
    'The third list was the longest by far.',
  ],
  [
    'There was a version of [hero] who had stayed in [home] and never heard of [threat].',
    '[^hero] thought of that other self sometimes, without envy, the way one thinks of a cousin.',
  ],
  [
    'Every choice since [memory] had narrowed the road.',
    'Soon, [hero] thought, there would only be room for one more.',
  ],
  [
    '[^hero] was beginning to understand that courage was mostly a matter of going first.',
    'It was not a comfortable discovery.',
  ],
  [
    'The worst of it, [hero] thought, was not the danger.',
    'It was the waiting, and the way the waiting filled up with [rival]’s face.',
  ],
  [
    '[^hero] caught sight of [hero.his] own reflection and barely knew it: thinner, harder, [adjective].',
    'The journey was writing on [hero.him], line by line.',
  ],
  [
    'Sometimes, late, [hero] let [hero.self] imagine it was over.',
    'The imagining never got as far as the ending. It always stopped at [stronghold].',
  ],
  [
    '[^hero] thought of [keepsake], of the hands that had held it before [hero.his].',
    'Whoever they were, they would have known what to do. Or they would have pretended, which was nearly the same.',
  ],
  [
    'If [theme] meant anything at all, [hero] decided, it meant this: doing the next right thing when nobody would ever know.',
  ],
  [
    '[^hero] found [hero.self] listening for [ally]’s footsteps, and was annoyed to find it, and kept listening anyway.',
  ],
  [
    'There were things [hero] wanted to ask [mentor] now, questions [hero.he] had not known to ask in [home].',
    'It was too late for most of them. That was how questions worked.',
  ],
  ['Fear came and went like weather.', '[^hero] had stopped waiting for it to clear and had learned to walk in it.'],
  [
    '[^hero] realised [hero.he] had not thought in days about wanting to [goal].',
    'When had it stopped being the point?',
  ],
  [
    'It would have been easier to hate [rival].',
    '[^hero] kept trying, and kept finding, under the trying, something uncomfortably like understanding.',
  ],
  [
    'Whatever happened now, [hero] thought, at least [hero.he] had chosen it.',
    'There was a small, stubborn comfort in that.',
  ],
  ['[^hero] counted the days since [memory] and lost count, and decided that was probably a good sign.'],
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
    ['ally', 'You don’t want to know what’s up ahead.'],
    ['hero', 'That bad?'],
    ['ally', 'Worse. Keep walking.'],
  ],
  [
    ['hero', 'How much further?'],
    ['ally', 'Ask me again and it’ll be further.'],
  ],
  [
    ['ally', 'You snore, by the way.'],
    ['hero', 'I do not.'],
    ['ally', 'Like [jargon:bare] in a gale. I’ve been meaning to say.'],
  ],
  [
    ['hero', 'Have you ever been this far from home?'],
    ['ally', 'I’m not sure I have a home. I have places I’ve left.'],
    ['hero', 'That’s the saddest thing you’ve ever said.'],
    ['ally', 'Give me time.'],
  ],
  [
    ['ally', 'Is that [object]? Where did you even get that?'],
    ['hero', 'It was a gift.'],
    ['ally', 'From whom? An enemy?'],
  ],
  [
    ['hero', 'What happens if we’re wrong about all of it?'],
    ['ally', 'Then we’ll have had a very long walk for nothing.'],
    ['hero', 'That’s not funny.'],
    ['ally', 'It is a little bit funny.'],
  ],
  [
    ['ally', 'Promise me one thing.'],
    ['hero', 'Depends what it is.'],
    ['ally', 'If it comes to it, you run. You don’t wait for me.'],
    ['hero', 'No.'],
  ],
  [
    ['hero', 'Why do you always walk on the left?'],
    ['ally', 'Habit.'],
    ['hero', 'From what?'],
    ['ally', 'From a life you wouldn’t want to hear about.'],
  ],
  [
    ['ally', 'You know what your problem is?'],
    ['hero', 'I have a feeling you’re about to tell me.'],
    ['ally', 'You think you have to carry everything yourself.'],
    ['hero', 'Somebody has to.'],
    ['ally', 'Yes. Two somebodies, for instance.'],
  ],
  [
    ['hero', 'Do you believe [mentor]? About [threat]?'],
    ['ally', 'I believe [mentor] believes it. That’s usually enough.'],
  ],
  [
    ['ally', '{Smell that|Hear that|See that}?'],
    ['hero', 'What is it?'],
    ['ally', 'Trouble. Or supper. Hard to tell from here.'],
  ],
  [
    ['hero', 'I’m sorry I dragged you into this.'],
    ['ally', 'You didn’t drag me. I walked. Badly, and complaining, but I walked.'],
  ],
  [
    ['ally', 'When this is over, I’m going to sleep for a week.'],
    ['hero', 'Only a week?'],
    ['ally', 'I’m a modest person.'],
  ],
  [
    ['hero', 'What was it like? Before?'],
    ['ally', 'Before what?'],
    ['hero', 'Before you met me.'],
    ['ally', 'Quieter. Much, much quieter.'],
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
    'They came upon [extra] in trouble on the way, and stopped, because [hero] had never once managed to walk past trouble.',
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
    '[^extra] recognised [hero] and, instead of calling for [rival]’s people, put [object] into [hero.his] hands and walked away without a word.',
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
  [
    'They met an old traveller going the other way, who looked at [hero] for a long moment and said, “You’re the one, then.”',
    'Before [hero] could ask what that meant, the traveller had gone on, and [ally] was laughing at [hero.his] face.',
  ],
  [
    '[^ally] fell ill for a day and a night, nothing serious, [ally.he] insisted, while shivering.',
    '[^hero] sat up with [ally.him] and told [ally.him] stories about [home], and in the morning [ally] said they were the dullest stories [ally.he] had ever heard, and asked for more.',
  ],
  [
    'There was a market, or what passed for one, and [hero] spent far too long at it.',
    '[^hero.he] came away with [object] that [hero.he] did not need and a rumour about [rival] that [hero.he] did.',
  ],
  [
    '[^hero] got lost, properly lost, for most of an afternoon.',
    'It was [ally] who found [hero.him], sitting on a wall, entirely calm. “I was thinking,” [hero] said. “You were sulking,” said [ally], and they were both right.',
  ],
  [
    'A letter caught up with them, which should have been impossible.',
    'It was from [mentor], and it said only: [saying]',
    '[^hero] read it twice and put it away where [hero.he] kept [keepsake].',
  ],
  [
    'That night they kept watch in turns, and in the middle of [hero]’s turn [sound].',
    'It came to nothing. Most things did. [^hero] stayed awake until dawn anyway, just in case this was the exception.',
  ],
  [
    '[^ally] asked [hero] to teach [ally.him] something, anything, from [home].',
    '[^hero] taught [ally.him] a children’s rhyme, and [ally] said it every few miles for the rest of the day, getting the words wrong on purpose.',
  ],
  [
    'The two of them quarrelled about something so small that neither could remember it by evening.',
    'It cleared the air, the way a storm does. They walked closer together afterwards.',
  ],
  [
    'A wounded animal lay beside the road, and [hero] would not leave it.',
    'It slowed them down and it may have been foolish, and [ally] helped anyway, swearing softly and steadily the whole time.',
  ],
  [
    'For a day, they travelled with [extra] and [extra], who were going the same way and would not say why.',
    'It was a relief to hear other voices. It was also, [hero] noticed, a relief when they went.',
  ],
  [
    '[^hero] found an old inscription scratched into a wall: a name, a date, and a single word, [theme].',
    'Someone else had come this way, for the same reasons, a long time ago. [^hero] touched the letters before moving on.',
  ],
  [
    'In the evening they talked about what they would do with a day off, if the world ever offered one.',
    '[^ally]’s answer involved sleeping until noon. [^hero]’s involved [home] and somebody [hero.he] had not seen in years. Neither of them laughed at the other.',
  ],
  [
    'A storm, or the local equivalent, chased them into shelter with a family who asked no questions.',
    'There was soup and a fire and a child who fell asleep against [ally]’s arm, and for one evening nobody mentioned [threat] at all.',
  ],
  [
    '[^hero] watched how [ally] [action], and tried to do the same, and failed, and tried again.',
    '“You’re thinking about it,” said [ally]. “Stop thinking about it.” Which was, [hero] reflected, easy for [ally.him] to say.',
  ],
  [
    'They passed a crossroads where someone had nailed up a warning about [threat].',
    'It was old and weathered and, as far as [hero] could tell, entirely accurate.',
  ],
  [
    'Morning brought good news for once: [extra] had seen [rival]’s people going the other way.',
    'It was probably a lie or a mistake, and they chose to believe it for one whole, light-footed day.',
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

/** Meanwhile, elsewhere: short scenes from the rival's side, which longer books have room for. */
export const RIVAL_SCENES: readonly (readonly string[])[] = [
  [
    'Meanwhile, at [stronghold], [rival] [action] and listened to the report without interrupting.',
    'When it was finished, [rival.he] asked one question: “Did [hero.he] look afraid?”',
    'Told that [hero] had not, [rival] was quiet for a long time.',
  ],
  [
    'Far from [hero], [rival.full] sat alone [time] and read, again, the old account of [threat].',
    '[^rival.he] had read it so many times that the pages had gone soft as cloth.',
    'Every reading told [rival.him] the same thing: that [rival.he] was right, and that being right would cost everything.',
  ],
  [
    '[^rival] did not shout at the people who failed [rival.him]. [^rival.he] never had.',
    '[^rival.he] simply looked at them until they understood, and then [rival.he] gave them a second chance, which was worse.',
    'That evening, [extra] was given a second chance.',
  ],
  [
    'There was a window in [stronghold] from which, on a clear day, [rival] could see the road.',
    '[^rival.he] stood at it now, [time], watching for a figure [rival.he] had never met and already knew by heart.',
  ],
  [
    'Once, long ago, [rival] had been [rival.role] with nothing but a name and a grievance.',
    '[^rival.he] still had both. What [rival.he] had added since was patience, and people, and [stronghold].',
  ],
  [
    '“Tell me about [ally],” said [rival], to nobody in particular, and someone told [rival.him].',
    '[^rival] smiled at the parts that mattered. Everyone, in the end, had a price or a wound. The trick was knowing which.',
  ],
  [
    '[^rival] kept [rival.his] promises. It was the one thing even [rival.his] enemies agreed on.',
    'Tonight [rival.he] made a new one, quietly, to [rival.self]: that [hero] would reach [stronghold], and would not leave it.',
  ],
  [
    'In [stronghold], the preparations went on day and night. [^sound:cap]. [^sight:cap].',
    '[^rival] walked among them and touched nothing, and everything that [rival.he] did not touch was done a little faster.',
  ],
  [
    'There were days when [rival] wondered whether [theme] was a lie told to children.',
    'This was not one of those days. Today [rival.he] was certain it was a tool, and [rival.he] knew exactly how to use it.',
  ],
  [
    '[^rival] received a letter [time] and burned it unread.',
    'Whoever had written it had known [rival] when [rival.he] was young. [^rival.he] could not afford to remember that person now.',
  ],
  [
    'They brought [rival] news of the road: which bridges were watched, which villages were loyal, which were afraid.',
    '[^rival] listened, and moved small markers across a map, and somewhere far away, without knowing it, [hero] changed course.',
  ],
  [
    'For one moment, alone, [rival] let [rival.self] be tired.',
    'Then [rival.he] [action], straightened [rival.his] collar, and went back out to be [rival] again.',
  ],
  [
    '[^extra] asked [rival], carefully, what would happen when [threat] was finished.',
    '“Everything,” said [rival]. It was not clear whether this was a promise or a threat, and [extra:the] did not ask again.',
  ],
  [
    'At [stronghold], [rival] practised the speech [rival.he] would give [hero] at the end.',
    '[^rival.he] changed one word, then another. It had to be perfect. [^hero] deserved that much.',
  ],
  [
    '[^rival] had a rule: never hate an enemy. Hatred made people stupid.',
    'It was becoming, to [rival.his] surprise, a difficult rule to keep where [hero] was concerned.',
  ],
  [
    'Somewhere in [stronghold] a clock struck, or something that served for one, and [rival] counted the days that were left.',
    'Fewer than [hero] believed. More than [rival] needed.',
  ],
];

/** What the hero remembers from before the story: a past that explains who they are. */
export const FLASHBACKS: readonly (readonly string[])[] = [
  [
    '[^hero] remembered the first time [hero.he] had held [keepsake].',
    '[^hero.he] had been very small, and the hands that gave it had been very large and very gentle, and a voice had said: “Keep it safe, and it will keep you.”',
    '[^hero] had believed that for years. Some nights, [hero.he] still did.',
  ],
  [
    'When [hero] was a child in [home], there had been a winter so hard that nobody talked about it afterwards.',
    '[^hero] remembered it anyway: [sight], and the long silence, and [mentor] arriving at the door with food nobody had asked for.',
    'It was the first time [hero] understood that some people simply show up.',
  ],
  [
    'There had been someone, once, whom [hero] had promised to come back for.',
    '[^hero.he] had kept the promise, too late. It was the reason [hero.he] had become [hero.role], and the reason [hero.he] could not stop now.',
  ],
  [
    '[^hero] had been good at one thing as a child: noticing.',
    'Where things had been moved. Who was lying. Which way the weather would turn.',
    'The grown-ups of [home] had found it unsettling. [^mentor] had found it useful, and said so, and that had changed everything.',
  ],
  [
    'The first time [hero] heard of [threat], [hero.he] had been hiding under a table while the grown-ups talked.',
    'Nobody had said it loudly. That was what had frightened [hero.him]: how quietly the grown-ups said it.',
  ],
  [
    'Long before any of this, [hero] had run away from [home] once, for a whole afternoon.',
    '[^hero.he] had got as far as the first bend in the road, sat down, and cried, and been found by [mentor], who sat down beside [hero.him] and said nothing at all.',
    'It was, [hero] thought now, the best advice anyone had ever given [hero.him].',
  ],
  [
    '[^hero] remembered [hero.his] first day as [hero.role]: how [hero.he] had done everything wrong, and how nobody had noticed except [extra], who had laughed.',
    'Odd, what stays with you.',
  ],
  [
    'As a child, [hero] had collected things: [object], a feather, a stone with a hole in it.',
    '[^hero.he] had lost all of them but one. It was strange to think [hero.he] had carried it this far without deciding to.',
  ],
  [
    'There was a song they sang in [home] at the turn of the year, about a traveller who never came back.',
    '[^hero] had always hated it. [^hero.he] found [hero.self] humming it now, and stopped, and after a while started again.',
  ],
  [
    '[^mentor] had once made [hero] sit still for an hour and describe everything [hero.he] could see.',
    '“Again,” [mentor] had said, after. And again. By the fifth time, [hero] had seen things in [home] that [hero.he] had walked past every day of [hero.his] life.',
    '[^hero.he] did the same now, out of habit: [sight].',
  ],
  [
    'The last argument [hero] had had with someone [hero.he] loved had been about something foolish.',
    '[^hero] could no longer remember what. [^hero.he] could remember every word [hero.he] had said, though, and wished [hero.he] could not.',
  ],
  [
    'Years ago, a traveller had passed through [home] carrying [object] and a story about [threat].',
    'Everyone had laughed. [^hero] had not. [^hero.he] had followed the traveller to the edge of town and asked, “Is it true?”',
    '“Not yet,” the traveller had said.',
  ],
];

/** Conversations with the people of the world the hero passes through. */
export const ENCOUNTERS: readonly (readonly Line[])[] = [
  [
    ['extra', 'You’re not from here.'],
    ['hero', 'Is it that obvious?'],
    ['extra', 'You look at everything. People from here stopped looking years ago.'],
  ],
  [
    ['extra', 'If you’re going where I think you’re going, take the long road.'],
    ['hero', 'Why?'],
    ['extra', 'Because the short one is watched. And because I liked your face. Don’t make me regret it.'],
  ],
  [
    ['hero', 'Have you heard of [rival]?'],
    ['extra', 'Everybody has heard of [rival]. Nobody talks about [rival.him]. Those are different things.'],
  ],
  [
    ['extra', 'I knew [mentor], once. Is [mentor.he] still alive?'],
    ['hero', 'Yes.'],
    ['extra', 'Then tell [mentor.him] [extra] still owes [mentor.him] for the roof. [^mentor.he]’ll know.'],
  ],
  [
    ['extra', 'That’s [keepsake] you’ve got there. Where did you come by it?'],
    ['hero', 'It was given to me.'],
    ['extra', 'Then somebody thought a great deal of you. Keep it out of sight around here.'],
  ],
  [
    ['hero', 'Which way to [stronghold]?'],
    ['extra', 'Nobody asks that.'],
    ['hero', 'I’m asking.'],
    ['extra', 'East, then. And may [theme] go with you, since nothing else will.'],
  ],
  [
    ['extra', 'You’ll want something to eat before you go on.'],
    ['hero', 'We can’t pay much.'],
    ['extra', 'I didn’t ask you to pay. Sit down before you fall down.'],
  ],
  [
    ['extra', '[exclamation]'],
    ['ally', 'Friend of yours?'],
    ['hero', 'I’ve never seen [extra] in my life.'],
    ['extra', 'And you never will again, if you keep on that road.'],
  ],
  [
    ['extra', 'People have been asking about you.'],
    ['hero', 'What people?'],
    [
      'extra',
      'The kind who pay for answers. I didn’t give them any. I’m telling you so that you know what it cost me.',
    ],
  ],
  [
    ['hero', 'What happened here?'],
    ['extra', '[^threat] happened here. A long time ago, and every night since.'],
  ],
  [
    ['extra', 'My sister went the way you’re going.'],
    ['hero', 'Did she come back?'],
    ['extra', 'Not yet. If you see her, tell her the door is open.'],
  ],
  [
    ['extra', 'You have the look of somebody who wants to [goal].'],
    ['hero', 'Is there such a look?'],
    ['extra', 'There is. I had it once. Then I had a family instead. Neither is a mistake.'],
  ],
];
