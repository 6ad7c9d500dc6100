//! The keys of the pack's `[line]` section: what line mode (`--plain`) shows and says besides the game's own sentences: its help, the answers to a line it cannot read, the clocks line, resuming and saving, and the notes of the score.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[line]` section: what line mode (`--plain`) shows and says besides the game's own sentences: its help, the answers to a line it cannot read, the clocks line, resuming and saving, and the notes of the score.
    pub enum LineSentence in "line" {
        /// "Resumed: {game}"
        Resumed = "resumed" ["game"],
        /// "Resumed after {count} half-moves: last {last_side}, {words};
        /// before it {other_side}, {other}. {side} to move." (counted)
        ResumedMoves = "resumed_moves" ["count", "last_side", "words", "other_side", "other", "side"],
        /// "Resumed after one half-move: {last_side}, {words}. {side} to
        /// move."
        ResumedOne = "resumed_one" ["last_side", "words", "side"],
        /// "Resumed: no move yet."
        ResumedEmpty = "resumed_empty" [],
        /// "The clock is paused; {resume} starts it.", after the moves of
        /// a resumed game whose clock stands.
        ResumedPaused = "resumed_paused" ["resume"],
        /// "Voice: rate {rate}, volume {volume}.", after the voice was
        /// set faster, slower, louder or softer.
        VoiceLevel = "voice_level" ["rate", "volume"],
        /// "There is no voice of the program's own to set: …"
        VoiceNone = "voice_none" [],
        /// "The voice is set for this game only: the configuration could
        /// not be written ({why})."
        VoiceNotKept = "voice_not_kept" ["why"],
        /// "The game is kept; zweibrett resume continues it.", said as an
        /// unfinished game is left (its path is shown, not said).
        Left = "left" [],
        /// "{count} half-moves: {moves}" (counted), after `resumed:`.
        ResumedScore = "resumed_score" ["count", "moves"],
        /// "{white_side} {white} {black_side} {black}, {count} moves
        /// completed{paused}" (counted), after `clocks:`.
        Clocks = "clocks" ["white_side", "white", "black_side", "black", "count", "paused"],
        /// ", paused", the end of the clocks line while the clock stands.
        ClocksPaused = "clocks_paused" [],
        /// "{command} needs {what}": a command typed without what it needs.
        Needs = "needs" ["command", "what"],
        /// "a move"
        WhatMove = "what_move" [],
        /// "{threefold} or {fifty}"
        WhatClaim = "what_claim" ["threefold", "fifty"],
        /// "{uphold} or {stand}"
        WhatRuling = "what_ruling" ["uphold", "stand"],
        /// "{kings}, {pawn}, {stands} or {corrected}"
        WhatPosition = "what_position" ["kings", "pawn", "stands", "corrected"],
        /// "{white} or {black}"
        WhatSide = "what_side" ["white", "black"],
        /// "{white} or {black} and seconds"
        WhatSideSeconds = "what_side_seconds" ["white", "black"],
        /// "the number of half-moves to keep"
        WhatHalfMoves = "what_half_moves" [],
        /// "{white} or {black} and a time (seconds, M:SS or H:MM:SS)"
        WhatSideTime = "what_side_time" ["white", "black"],
        /// "a time (seconds, M:SS or H:MM:SS)"
        WhatTime = "what_time" [],
        /// "{white} or {black} and a number of moves"
        WhatSideMoves = "what_side_moves" ["white", "black"],
        /// "a number of moves"
        WhatMoves = "what_moves" [],
        /// "a time control (a preset or a PGN tag)"
        WhatControl = "what_control" [],
        /// "{both}"
        WhatBoth = "what_both" ["both"],
        /// "the arbiter's {agree} or {refuse}"
        WhatIncrement = "what_increment" ["agree", "refuse"],
        /// "the arbiter's {draw}, {reject} or {postpone}"
        WhatQuickplay = "what_quickplay" ["draw", "reject", "postpone"],
        /// "{white} or {black} and what the board shows"
        WhatSideBoard = "what_side_board" ["white", "black"],
        /// "what the board shows, as FEN or pieces in words"
        WhatBoard = "what_board" [],
        /// "{white}, {black}, {mine} or {all}"
        WhatWhose = "what_whose" ["white", "black", "mine", "all"],
        /// "{pgn} (the PGN file) or {braille} and perhaps a file name (the
        /// braille score)"; "brf" is read too
        WhatSave = "what_save" ["pgn", "braille"],
        /// "{english}, {pack} (the pack's piece letters) or {figurine}"
        WhatScorePieces = "what_score_pieces" ["english", "pack", "figurine"],
        /// "a square"
        WhatSquare = "what_square" [],
        /// "a rank number"
        WhatRank = "what_rank" [],
        /// "a file letter"
        WhatFile = "what_file" [],
        /// "two squares on one diagonal"
        WhatDiagonal = "what_diagonal" [],
        /// "a note ending in a square" (D.2.10.5)
        WhatNote = "what_note" [],
        /// "the date, time and place of resumption"
        WhatResumption = "what_resumption" [],
        /// "a side, and the article: 6.7.1, 11.3.2.2, 11.7 or 12.9.6"
        WhatSideForfeit = "what_side_forfeit" [],
        /// "{command} needs a square, file or rank, not \"{text}\""
        NotASquare = "not_a_square" ["command", "text"],
        /// "{command}: \"{text}\" is not {what}"
        NotA = "not_a" ["command", "text", "what"],
        /// "not a side: {text}"
        NotASide = "not_a_side" ["text"],
        /// "not done: {text} seconds is more than can be added or taken
        /// away at once, at most a day"
        TimeAddedBeyond = "time_added_beyond" ["text"],
        /// "not done: a clock cannot be set to {text}; it shows at most
        /// a hundred hours"
        ClockSetBeyond = "clock_set_beyond" ["text"],
        /// "The game cannot be saved: {reason}"
        SaveFailed = "save_failed" ["reason"],
        /// "The live PGN for the broadcast cannot be written to {path}:
        /// {reason}. The game goes on.", said once per fault.
        LiveNotWritten = "live_not_written" ["path", "reason"],
        /// "{reason}; stopping": the journal cannot be written.
        Stopping = "stopping" ["reason"],
        /// "This voice pack lacks {count} sentences, said in English: {keys}" (counted)
        MissingSentences = "missing_sentences" ["count", "keys"],
        /// "\"{text}\": {problem}": what a board is said to show cannot be
        /// read (D.2.9).
        BoardUnreadable = "board_unreadable" ["text", "problem"],
        /// "a side is needed first, then a colon"
        BoardNoSideFirst = "board_no_side_first" [],
        /// "not the name of a side"
        BoardNotASide = "board_not_a_side" [],
        /// "no side named"
        BoardNoSide = "board_no_side" [],
        /// "a file without its rank"
        BoardFileWithoutRank = "board_file_without_rank" [],
        /// "\"{word}\" is neither a piece nor a square"
        BoardNotPieceOrSquare = "board_not_piece_or_square" ["word"],
        /// "no square given"
        BoardNoSquare = "board_no_square" [],
        /// "a square without a piece"
        BoardNoPiece = "board_no_piece" [],
        /// "square {square} is named twice"
        BoardTwice = "board_twice" ["square"],
        /// "a pawn cannot stand on {square}"
        BoardPawnOnEdge = "board_pawn_on_edge" ["square"],
        /// "move {number} \"{text}\": {reason}": `zweibrett say` cannot read
        /// one of its moves.
        SayFailed = "say_failed" ["number", "text", "reason"],
        /// "the last line of the journal was cut short and has been
        /// dropped", on resuming a game.
        JournalTorn = "journal_torn" [],
        /// "This game is already being played by process {pid}.": a second
        /// program refused the journal another one holds.
        GameHeld = "game_held" ["pid"],
        /// "This game is already being played by another process.", when
        /// the holder's id is not known.
        GameHeldElsewhere = "game_held_elsewhere" [],
        /// "{file}, line {line}: {reason}": a journal line that cannot be
        /// read, and why.
        JournalAtLine = "journal_at_line" ["file", "line", "reason"],
        /// "not text": the `{reason}` of a line that is not UTF-8.
        JournalWhyNotText = "journal_why_not_text" [],
        /// "not a line of a game's journal": the `{reason}` of a line of
        /// another shape.
        JournalWhyNotEntry = "journal_why_not_entry" [],
        /// "no header": the `{reason}` of an empty journal.
        JournalWhyNoHeader = "journal_why_no_header" [],
        /// "journal version {version} is not known"
        JournalWhyVersion = "journal_why_version" ["version"],
        /// "{seconds} seconds added at once, more than a day": a command
        /// the typed line never gives.
        JournalWhyTimeAdded = "journal_why_time_added" ["seconds"],
        /// "a clock set to {seconds} seconds, more than a hundred hours"
        JournalWhyClockSet = "journal_why_clock_set" ["seconds"],
        /// "{file}: the voice \"{voice}\" is not the name of a voice
        /// pack; …": a journal naming a path or a name no pack has.
        JournalNotAVoice = "journal_not_a_voice" ["file", "voice"],
        /// "{file}, line {line}: \"{text}\" was read as {recorded} and now
        /// reads as {now}; …": the game is not rebuilt differently.
        JournalMisread = "journal_misread" ["file", "line", "text", "recorded", "now"],
        /// "{file}, line {line}: the move {recorded} (\"{text}\") cannot be
        /// played in the position there; …": a journal changed by hand.
        JournalIllegal = "journal_illegal" ["file", "line", "text", "recorded"],
        /// "no move": what a text read as, or reads as, when it is no
        /// move.
        JournalNoMove = "journal_no_move" [],
        /// "the newest unfinished game cannot be resumed: {reason}; …":
        /// `zweibrett resume` without a file, its newest game damaged.
        ResumeDamaged = "resume_damaged" ["reason", "dir"],
        /// "The game is still being saved …": a command has waited for the
        /// disk longer than a second; said once.
        JournalSlow = "journal_slow" [],
        /// "The game's file {file} was deleted during the game; …": the
        /// journal found gone after a command, written back whole.
        JournalRemoved = "journal_removed" ["file"],
        /// "Another file took the place of the game's file {file} …": the
        /// journal found replaced after a command, written back over it.
        JournalReplaced = "journal_replaced" ["file"],
        /// "cannot record {command}: {reason}": the journal refused the
        /// command, which is not carried out.
        CannotRecord = "cannot_record" ["command", "reason"],
        /// "sealed move", the score's note on a sealed move (Guidelines I).
        NoteSealed = "note_sealed" [],
        /// "{player} touched a piece", the score's note (D.2.10.5).
        NoteTouched = "note_touched" ["player"],
        /// "{player} touched a piece: {note}"
        NoteTouchedWith = "note_touched_with" ["player", "note"],
        /// "{player} took a piece out of its hole" (D.2.2)
        NoteLifted = "note_lifted" ["player"],
        /// "{player} took a piece out of its hole: {note}"
        NoteLiftedWith = "note_lifted_with" ["player", "note"],
        /// "the claim on the touched piece was lost when the opponent
        /// moved on (4.8)"
        NoteTouchClaimLost = "note_touch_claim_lost" [],
        /// "Resumed: the game is adjourned after {count} half-moves;
        /// {sealer} sealed a move, and {responder} must respond to it. …"
        /// (Guidelines I.7, I.9)
        ResumedAdjourned = "resumed_adjourned" ["count", "sealer", "responder"],
        /// "corrected from {san}" (D.2.8)
        NoteCorrected = "note_corrected" ["san"],
        /// "draw offer declined by moving" (9.1.2.4)
        NoteOfferDeclined = "note_offer_declined" [],
        /// "intended move of an incorrect claim of {rule}" (9.2, 9.3)
        NoteClaimMove = "note_claim_move" ["rule"],
        /// "incorrect claim of {rule}"
        NoteClaim = "note_claim" ["rule"],
        /// "illegal move by {player}" (7.5)
        NoteIllegal = "note_illegal" ["player"],
        /// "illegal move by {player}: {move}, completed (7.5.1)"
        NoteIllegalMove = "note_illegal_move" ["player", "move"],
        /// "the arbiter sees {what} on the board" (A.5.4)
        NotePositionSeen = "note_position_seen" ["what"],
        /// "arbiter set the time control to {control}" (6.10.2)
        NoteControl = "note_control" ["control"],
        /// "arbiter set {player}'s clock to {seconds} s" (6.10.2)
        NoteSetTime = "note_set_time" ["player", "seconds"],
        /// "{player} claims a draw under Guidelines III.5"
        NoteQuickplayClaim = "note_quickplay_claim" ["player"],
        /// "{player} receives 2 minutes ({article})" (III.4, III.5)
        NoteQuickplayMinutes = "note_quickplay_minutes" ["player", "article"],
        /// "{player} repeated {san} on their board" (D.2.9)
        NoteRepeated = "note_repeated" ["player", "san"],
        /// "dead position (5.2.2): {moves} made after it void"
        NoteDead = "note_dead" ["moves"],
        /// "the move stands by the arbiter's ruling" (Art. 4)
        NoteTouchStands = "note_touch_stands" [],
        /// "A line holds at most {count} characters; this one was not
        /// read." (counted): a typed line or argument past the bound.
        LineTooLong = "line_too_long" ["count"],
        /// "Line {number} is not valid UTF-8 text; it was not read."
        LineNotText = "line_not_text" ["number"],
        /// "The input line is full: it holds at most {count} characters."
        /// (counted), said once when the full screen's input line fills.
        InputFull = "input_full" ["count"],
        /// "Listening: say the move as you announce it." Said once the
        /// recogniser is ready (D.2.1).
        Listening = "listening" [],
        /// "Moves cannot be heard: {reason}; type them."
        CannotListen = "cannot_listen" ["reason"],
        /// "Listening: speak now." The listening key or `listen` started
        /// listening.
        ListenNow = "listen_now" [],
        /// "Not listening." The listening key or `listen` stopped it.
        ListenOff = "listen_off" [],
        /// "Moves said aloud are heard only in a game started with
        /// --listen." The listening key in a game without it.
        ListenNotStarted = "listen_not_started" [],
        /// "Heard in another position, not used: {text}." A move typed
        /// while it was being said changed the position.
        HeardTooLate = "heard_too_late" ["text"],
        /// A move heard, but not clearly enough to take: asked about alone.
        HeardConfirm = "heard_confirm" ["move", "yes", "no"],
        /// The answer to a move asked about alone was no, and no other
        /// came near: the move is to be said again.
        HeardDenied = "heard_denied" [],
        /// "Adapting to your voice: say each of the {count} moves …"
        /// The start of enrolment.
        EnrolStart = "enrol_start" ["count"],
        /// "{number} of {count}: {move}" One move to say at enrolment.
        EnrolPrompt = "enrol_prompt" ["number", "count", "move"],
        /// "Not heard. Again: {move}" Nothing, or no move's length, came
        /// from the microphone after a move was given.
        EnrolAgain = "enrol_again" ["move"],
        /// "Heard as something else. Again: {move}" What was said did not
        /// fit the move given (another move, a word of chatter, a cough).
        EnrolNotThat = "enrol_not_that" ["move"],
        /// "Left out: {move}, not heard as asked." A move given that was
        /// not heard as itself is not used for the adaptation.
        EnrolSkipped = "enrol_skipped" ["move"],
        /// "moves heard as asked: {count}, fewer than the {least} needed",
        /// the reason no adaptation was made.
        EnrolTooFew = "enrol_too_few" ["count", "least"],
        /// "Adapting listening to your voice." The training tools run.
        EnrolAdapting = "enrol_adapting" [],
        /// "Listening is adapted to your voice, from {count} moves …"
        EnrolDone = "enrol_done" ["count"],
        /// "No adaptation was made: {reason}"
        EnrolFailed = "enrol_failed" ["reason"],
        /// "The adaptation to your voice is removed …" (`enrol --forget`)
        EnrolForgotten = "enrol_forgotten" [],
        /// "There was no adaptation to remove." (`enrol --forget`)
        EnrolNone = "enrol_none" [],
        /// "The adaptation to your voice is not used: {reason}" Said after
        /// "Listening" when the kept adaptation cannot be used.
        EnrolUnusable = "enrol_unusable" ["reason"],
        /// "Whisper is not asked: {path} holds no model …" Said once in a
        /// game that asked for the second opinion.
        SecondOpinionMissing = "second_opinion_missing" ["path"],
        /// "Whisper is not asked: the model in {path} cannot be read …"
        SecondOpinionUnusable = "second_opinion_unusable" ["path"],
        /// "Whisper is not asked: there is no home folder to find it in …"
        SecondOpinionNoHome = "second_opinion_no_home" [],
        /// PocketSphinx is not installed; on Debian: apt-get install libpocketsphinx3 pocketsphinx-en-us: a `{reason}` of `cannot_listen`.
        UnheardNoRecogniser = "unheard_no_recogniser" [],
        /// no acoustic model at {path}; on Debian: apt-get install pocketsphinx-en-us: a `{reason}` of `cannot_listen`.
        UnheardNoModel = "unheard_no_model" ["path"],
        /// the PocketSphinx installed lacks {function}: a `{reason}` of `cannot_listen`.
        UnheardOldRecogniser = "unheard_old_recogniser" ["function"],
        /// the speech recogniser refused to start: a `{reason}` of `cannot_listen`.
        UnheardRefused = "unheard_refused" [],
        /// the voice pack {pack} has no pronunciation dictionary: a `{reason}` of `cannot_listen`.
        UnheardNoDictionary = "unheard_no_dictionary" ["pack"],
        /// the pronunciation dictionary of the voice pack {pack} cannot be read: a `{reason}` of `cannot_listen`.
        UnheardBadDictionary = "unheard_bad_dictionary" ["pack"],
        /// the pronunciation dictionary {path} cannot be read: a `{reason}` of `cannot_listen`.
        UnheardUnreadableDictionary = "unheard_unreadable_dictionary" ["path"],
        /// no pronunciation of '{word}': a `{reason}` of `cannot_listen`.
        UnheardNoPronunciation = "unheard_no_pronunciation" ["word"],
        /// there is no microphone: a `{reason}` of `cannot_listen`.
        UnheardNoMicrophone = "unheard_no_microphone" [],
        /// the microphone does not work: a `{reason}` of `cannot_listen`.
        UnheardMicrophone = "unheard_microphone" [],
        /// the recording {path} cannot be read: a `{reason}` of `cannot_listen`.
        UnheardRecording = "unheard_recording" ["path"],
        /// the sound ended: a `{reason}` of `cannot_listen`.
        UnheardEnded = "unheard_ended" [],
        /// "The braille display shows the game, {cells} cells." Said when
        /// the game opens with a display taken through BRLTTY.
        BrailleOn = "braille_on" ["cells"],
        /// "Braille is off: BrlAPI (libbrlapi) is not installed."
        BrailleNoLibrary = "braille_no_library" [],
        /// "Braille is off: BRLTTY is not running or refuses the program:
        /// {reason}"
        BrailleNotRunning = "braille_not_running" ["reason"],
        /// "Braille is off: BRLTTY has no braille display."
        BrailleNoDisplay = "braille_no_display" [],
        /// "The braille display is lost: {reason}" BRLTTY went away
        /// during the game; the game goes on, and the display is taken
        /// again when BRLTTY has one.
        BrailleLost = "braille_lost" ["reason"],
        /// "The braille display is back and shows the game, {cells}
        /// cells." Said when a display lost during the game is taken
        /// again.
        BrailleBack = "braille_back" ["cells"],
        /// "not found": a file, or a folder on its way, is not there (the
        /// `{reason}` of a file not read or written).
        WhyNotFound = "why_not_found" [],
        /// "no permission": the user may not read or write the file.
        WhyNoPermission = "why_no_permission" [],
        /// "the disk is full"
        WhyDiskFull = "why_disk_full" [],
        /// "the disk can only be read"
        WhyReadOnly = "why_read_only" [],
        /// "nothing reads from it (a pipe or a device whose reader takes
        /// nothing)": the `{why}` of a write to a pipe or device not waited for.
        WhyNoReader = "why_no_reader" [],
        /// "system error {code}": any other reason, by the system's number.
        WhySystem = "why_system" ["code"],
        /// "nothing answers at its address": the `{reason}` of the
        /// braille sentences when BrlAPI finds no BRLTTY.
        BrailleWhyAbsent = "braille_why_absent" [],
        /// "BRLTTY does not let this user in (its key file, the brlapi
        /// group)": the `{reason}` when BrlAPI's authentication fails.
        BrailleWhyRefused = "braille_why_refused" [],
        /// "another program holds the display": the `{reason}` when the
        /// display or the terminal is taken.
        BrailleWhyBusy = "braille_why_busy" [],
        /// "BRLTTY closed the connection": the `{reason}` when BRLTTY
        /// stopped or restarted.
        BrailleWhyClosed = "braille_why_closed" [],
        /// "the display's driver failed": the `{reason}` when BRLTTY's
        /// driver reports an error (a display unplugged).
        BrailleWhyDriver = "braille_why_driver" [],
        /// "BrlAPI error {brlapi}, system error {system}": the `{reason}`
        /// for any other error, by its numbers.
        BrailleWhyOther = "braille_why_other" ["brlapi", "system"],
        /// "BRLTTY does not answer": the `{reason}` when BRLTTY took a
        /// line or a request and gave no answer in time (stopped, hung).
        BrailleWhySilent = "braille_why_silent" [],
        /// "No braille display: BRLTTY does not answer; the program goes
        /// on without it." Said once when BRLTTY accepts the connection
        /// but does not answer it in time.
        BrailleNotAnswering = "braille_not_answering" [],
        /// "White has read 12... Nf6 on the braille display." Shown at the
        /// opponent's seat and the arbiter's (the deafblind profile).
        BrailleRead = "braille_read" ["side", "move"],
        /// "Words are shown uncontracted: {reason}." Said with the display
        /// taken when contracted braille was asked for and cannot be made.
        BrailleUncontracted = "braille_uncontracted" ["reason"],
        /// "The game waits for the braille display: it starts as soon as
        /// BRLTTY has one." Said aloud and at the seats in the deafblind
        /// profile when no display can be taken before the game starts.
        BrailleAwaited = "braille_awaited" [],
        /// "liblouis is not installed": why braille is uncontracted.
        BrailleWhyNoLouis = "braille_why_no_louis" [],
        /// "liblouis has no table {table}": why braille is uncontracted.
        BrailleWhyNoTable = "braille_why_no_table" ["table"],
        /// The label "journal:" before a line of line mode: the journal file of the game, before its path.
        LabelJournal = "label_journal" [],
        /// The label "announced:" before a line of line mode: a move announced.
        LabelAnnounced = "label_announced" [],
        /// The label "corrected:" before a line of line mode: a move corrected.
        LabelCorrected = "label_corrected" [],
        /// The label "result:" before a line of line mode: the result of the game.
        LabelResult = "label_result" [],
        /// The label "saved:" before a line of line mode: a file written, before its path.
        LabelSaved = "label_saved" [],
        /// The label "clock:" before a line of line mode: the clock started, switched, stopped, or its time said.
        LabelClock = "label_clock" [],
        /// The label "clocks:" before a line of line mode: both clocks to a tenth of a second.
        LabelClocks = "label_clocks" [],
        /// The label "start:" before a line of line mode: the game begins.
        LabelStart = "label_start" [],
        /// The label "repeated:" before a line of line mode: the opponent repeated the move.
        LabelRepeated = "label_repeated" [],
        /// The label "divergence:" before a line of line mode: the boards diverge.
        LabelDivergence = "label_divergence" [],
        /// The label "agreed:" before a line of line mode: the boards agree again.
        LabelAgreed = "label_agreed" [],
        /// The label "answer:" before a line of line mode: an answer or a refusal.
        LabelAnswer = "label_answer" [],
        /// The label "offer:" before a line of line mode: a draw offer.
        LabelOffer = "label_offer" [],
        /// The label "ruling:" before a line of line mode: a ruling.
        LabelRuling = "label_ruling" [],
        /// The label "audit:" before a line of line mode: a finding of the audit.
        LabelAudit = "label_audit" [],
        /// The label "help:" before a line of line mode: a line of help.
        LabelHelp = "label_help" [],
        /// The label "heard:" before a line of line mode: what was heard said aloud.
        LabelHeard = "label_heard" [],
        /// The label "seat:" before a line of line mode: a seat joined or left.
        LabelSeat = "label_seat" [],
        /// The label "note:" before a line of line mode: something about the program itself.
        LabelNote = "label_note" [],
        /// The label "error:" before a line of line mode: something failed.
        LabelError = "label_error" [],
        /// The label "speech:" before a line of line mode: something about the program's own voice.
        LabelSpeech = "label_speech" [],
        /// The label "said:" before a line of line mode: what the game said, at a joined seat.
        LabelSaid = "label_said" [],
        /// The label "closed:" before a line of line mode: the game closed a joined seat.
        LabelClosed = "label_closed" [],
        /// The label "left:" before a line of line mode: a joined seat left the game.
        LabelLeft = "label_left" [],
        /// The label "resumed:" before a line of line mode: a resumed game's moves.
        LabelResumed = "label_resumed" [],
        /// "Does a screen reader on your own computer read this terminal
        /// aloud? (y/n)", asked once over SSH when no reader is seen.
        AskScreenReader = "ask_screen_reader" [],
        /// "The FEN cannot be read: {part} is not as FEN writes it"
        FenUnreadable = "fen_unreadable" ["part"],
        /// "the board"
        FenPartBoard = "fen_part_board" [],
        /// "the side to move"
        FenPartTurn = "fen_part_turn" [],
        /// "the castling rights"
        FenPartCastling = "fen_part_castling" [],
        /// "the en passant square"
        FenPartEp = "fen_part_ep" [],
        /// "the half-move clock"
        FenPartClock = "fen_part_clock" [],
        /// "the move number"
        FenPartMoves = "fen_part_moves" [],
        /// "the text"
        FenPartOther = "fen_part_other" [],
        /// "The FEN is no legal position: {problems}"
        FenIllegal = "fen_illegal" ["problems"],
        /// "the board is empty"
        FenEmptyBoard = "fen_empty_board" [],
        /// "a king is missing"
        FenMissingKing = "fen_missing_king" [],
        /// "a side has more than one king"
        FenTooManyKings = "fen_too_many_kings" [],
        /// "a pawn stands on the first or the last rank"
        FenPawnsOnBackRank = "fen_pawns_on_back_rank" [],
        /// "the kings and rooks do not allow these castling rights"
        FenCastlingRights = "fen_castling_rights" [],
        /// "no pawn can take en passant on that square"
        FenEpSquare = "fen_ep_square" [],
        /// "the side that is not to move is in check"
        FenOppositeCheck = "fen_opposite_check" [],
        /// "no last move could have given this check"
        FenImpossibleCheck = "fen_impossible_check" [],
        /// "there are more pieces than a game can have"
        FenTooMuchMaterial = "fen_too_much_material" [],
        /// "the rules do not allow this position"
        FenOther = "fen_other" [],
        /// "--repetition {repetition} applies to --role arbiter only; …":
        /// the command line refusing a repetition the role does not type.
        RepetitionArbiterOnly = "repetition_arbiter_only" ["repetition", "role"],
        /// "There is no unfinished game to resume; zweibrett play starts a
        /// new one."
        NothingToResume = "nothing_to_resume" [],
        /// "unknown option {option}; zweibrett {command} --help lists the options": a command line clap refuses.
        UsageUnknownOption = "usage_unknown_option" ["option", "command"],
        /// "unknown option {option}; did you mean {suggestion}?": a command line clap refuses.
        UsageUnknownOptionLike = "usage_unknown_option_like" ["option", "suggestion"],
        /// "unknown command {name}; zweibrett --help lists the commands": a command line clap refuses.
        UsageUnknownCommand = "usage_unknown_command" ["name"],
        /// "unknown command {name}; did you mean {suggestion}?": a command line clap refuses.
        UsageUnknownCommandLike = "usage_unknown_command_like" ["name", "suggestion"],
        /// "{option} cannot be {value}; it can be {values}": a command line clap refuses.
        UsageInvalidValue = "usage_invalid_value" ["option", "value", "values"],
        /// "{option} cannot be {value}": a command line clap refuses.
        UsageWrongValue = "usage_wrong_value" ["option", "value"],
        /// "{option} needs a value": a command line clap refuses.
        UsageNeedsValue = "usage_needs_value" ["option"],
        /// "{option} needs a value: {values}": a command line clap refuses.
        UsageNeedsValueOf = "usage_needs_value_of" ["option", "values"],
        /// "zweibrett {command} needs {arguments}": a command line clap refuses.
        UsageMissing = "usage_missing" ["command", "arguments"],
        /// "{option} may be given only once": a command line clap refuses.
        UsageOnce = "usage_once" ["option"],
        /// "{option} cannot be used with {other}": a command line clap refuses.
        UsageConflict = "usage_conflict" ["option", "other"],
    }
}
