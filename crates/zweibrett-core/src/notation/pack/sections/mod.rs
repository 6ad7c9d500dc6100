//! The pack's sections of sentences (`[game]`, `[screen]`, `[seat]`,
//! `[doctor]` …), each an enum of its sentences' keys with the
//! placeholders each sentence may use. They belong to the pack's format,
//! so that a pack is checked completely when it loads. Each key's doc
//! gives the English sentence.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[game]` section: refusals, steps, offers, claims,
    /// rulings, results and the status line (D.2.1–D.2.9; Art. 5, 6, 9).
    pub enum GameSentence in "game" {
        // Refusals of a move out of turn (D.2.1–D.2.8).
        /// "The game is over: {result}."
        OverRefused = "over_refused" ["result"],
        /// "The game is adjourned; open the sealed move first."
        AdjournedRefused = "adjourned_refused" [],
        /// "Press the clock first, or correct the move."
        PressFirst = "press_first" [],
        /// "{side} must first repeat the move {move}."
        MustRepeat = "must_repeat" ["side", "move"],
        /// "{side} must first confirm the move {move}."
        MustConfirm = "must_confirm" ["side", "move"],
        /// "The boards diverge: the arbiter must align them or take m…"
        DivergedRefused = "diverged_refused" [],
        // The steps of a move.
        /// "Nothing to correct: a move can be corrected only before t…"
        NothingToCorrect = "nothing_to_correct" ["undo"],
        /// "Nothing to undo: no move yet."
        NothingToUndo = "nothing_to_undo" [],
        /// "Taken back: {move}. {side} to move."
        Undone = "undone" ["move", "side"],
        /// "Correction: {move}"
        Correction = "correction" ["move"],
        /// "The clock has not been started."
        ClockNotStarted = "clock_not_started" [],
        /// "Nothing to press for: enter a move first."
        NothingToPress = "nothing_to_press" [],
        /// "The clock cannot be pressed: {reason}."
        PressRefused = "press_refused" ["reason"],
        /// "The clock is paused: type resume to restart it, then the move."
        MovePaused = "move_paused" [],
        /// "The clock cannot be paused: {reason}."
        PauseRefused = "pause_refused" ["reason"],
        /// "The clock cannot be restarted: {reason}."
        ResumeRefused = "resume_refused" ["reason"],
        /// "There is no move to repeat now."
        NothingToRepeat = "nothing_to_repeat" [],
        /// "There is no move to confirm now."
        NothingToConfirm = "nothing_to_confirm" [],
        /// "Repeated: {move}"
        Repeated = "repeated" ["move"],
        /// "The boards diverge. Announced: {announced}. Repeated: {re…"
        Diverged = "diverged" ["announced", "repeated"],
        /// "If the announced move stands (D.2.9):", before what each
        /// player changes on their own board.
        DivergedSettlement = "diverged_settlement" [],
        // The sighted player's electronic board.
        /// "{maker} board connected: its moves are read from it."
        BoardFound = "board_found" ["maker"],
        /// "The electronic board does not show the game's position. To…"
        BoardNotTheGame = "board_not_the_game" ["changes"],
        /// "A pawn stands on {square}: put the new piece there."
        BoardPromotion = "board_promotion" ["square"],
        /// "No electronic board on that line: moves are typed until it…"
        BoardNotThere = "board_not_there" [],
        /// "Another program holds the electronic board: moves are typed."
        BoardBusy = "board_busy" [],
        /// "The electronic board may not be opened by this user (the d…"
        BoardNotAllowed = "board_not_allowed" [],
        /// "The electronic board does not answer: moves are typed until…"
        BoardSilent = "board_silent" [],
        /// "The electronic board is lost: moves are typed until it is b…"
        BoardLost = "board_lost" [],
        /// "The electronic board cannot be read: moves are typed."
        BoardFailed = "board_failed" [],
        /// "The DGT clock beside the board is the game's clock."
        BoardClock = "board_clock" [],
        /// "No DGT clock beside the board any more: the program's clock…"
        BoardClockGone = "board_clock_gone" [],
        /// "The DGT clock shows {official} for {side}, the program's c…"
        ClocksDiffer = "clocks_differ" ["side", "official", "own"],
        /// "Move {number}, {side}: {move}"
        Again = "again" ["number", "side", "move"],
        /// "{castling}, {king} to {king_square}, {rook} to {rook_square}"
        /// (Chess960, Guidelines II.3.2.6)
        CastledTo = "castled_to" ["castling", "king", "king_square", "rook", "rook_square"],
        /// "No move yet."
        NoMoveYet = "no_move_yet" [],
        /// "The boards agree."
        BoardsAgree = "boards_agree" [],
        /// "The boards agree again."
        AgreeAgain = "agree_again" [],
        // Answers to the program's own questions (D.2.1).
        /// "None of the choices: {text}. {question}"
        AnswerNotUnderstood = "answer_not_understood" ["text", "question"],
        /// "More than one choice fits: {text}. {question}"
        AnswerSeveral = "answer_several" ["text", "question"],
        /// "There are only {count} half-moves."
        OnlyPlies = "only_plies" ["count"],
        /// "Taken back to after {count} half-moves; {side} to move. T…"
        TakenBack = "taken_back" ["count", "side"],
        /// "Time control: {control}."
        TimeControlNamed = "time_control" ["control"],
        /// "Before this position: {moves} by each player; the time control
        /// counts on from there (6.3.1)."
        MovesBeforeStart = "moves_before_start" ["moves"],
        // Why the clock refused (Art. 6).
        /// "the clock has not been started"
        ReasonNotStarted = "reason_not_started" [],
        /// "the clock is paused"
        ReasonPaused = "reason_paused" [],
        /// "the clock is already running"
        ReasonRunning = "reason_running" [],
        /// "a flag has fallen"
        ReasonFlag = "reason_flag" [],
        /// "the player to move has no time left"
        /// "no record of the clocks after half-move {count}"
        ReasonNoRecord = "reason_no_record" ["count"],
        // Offers, claims and rulings (Art. 9, 5.1.2, 6.9, 6.10.2, 7.5.5).
        /// "A draw offer is already waiting for an answer."
        OfferWaiting = "offer_waiting" [],
        /// "{side} offers a draw."
        Offers = "offers" ["side"],
        /// "Draw offer accepted."
        Accepted = "accepted" [],
        /// "There is no draw offer to accept."
        NoOfferToAccept = "no_offer_to_accept" [],
        /// "There is no draw offer to decline."
        NoOfferToDecline = "no_offer_to_decline" [],
        /// "{side}'s draw offer is declined."
        Declined = "declined" ["side"],
        /// "A claim is made by the player to move, before moving."
        ClaimNotNow = "claim_not_now" [],
        /// "{side}: a piece was touched on this move, so no draw can be
        /// claimed on it (9.4)."
        ClaimAfterTouch = "claim_after_touch" ["side"],
        /// "threefold repetition"
        RuleThreefold = "rule_threefold" [],
        /// "the 50-move rule"
        RuleFifty = "rule_fifty" [],
        /// "{side} claims a draw by {rule}: the claim is correct."
        ClaimCorrect = "claim_correct" ["side", "rule"],
        /// "Intended move {move}, written on the score and not made ({article})."
        ClaimIntended = "claim_intended" ["move", "article"],
        /// "The same position stood before {places}."
        ClaimStoodBefore = "claim_stood_before" ["places"],
        /// "at the start"
        ClaimAtStart = "claim_at_start" [],
        /// "after {move}"
        ClaimAfterMove = "claim_after_move" ["move"],
        /// "{side} claims a draw by {rule}: the claim is incorrect. {…"
        ClaimIncorrect = "claim_incorrect" ["side", "rule", "opponent", "time"],
        /// "1 minute" / "{n} minutes"
        Minutes = "minutes" ["n"],
        /// "{side} resigns."
        Resigns = "resigns" ["side"],
        /// "Who resigns? Type resign white or resign black."
        ResignWhose = "resign_whose" [],
        /// "No flag has fallen."
        NoFlag = "no_flag" [],
        /// "{side}'s flag has fallen: {result}.", the one sentence that
        /// ends a game on time (6.9).
        FlagFallen = "flag_fallen" ["side", "result"],
        /// "Noted: {side} touched a piece."
        Touched = "touched" ["side"],
        /// "Noted: {side} touched a piece: {note}."
        TouchedNote = "touched_note" ["side", "note"],
        /// "Noted: {side} took a piece out of its hole, which counts as
        /// touched (D.2.2)."
        Lifted = "lifted" ["side"],
        /// "Noted: {side} took a piece out of its hole, which counts as
        /// touched (D.2.2): {note}."
        LiftedNote = "lifted_note" ["side", "note"],
        /// "Second completed illegal move by {side}."
        SecondIllegal = "second_illegal" ["side"],
        /// "Completed illegal move by {side}: {opponent} receives {ti…"
        Illegal = "illegal" ["side", "opponent", "time"],
        /// "{side}'s clock adjusted: {time}."
        ClockAdjusted = "clock_adjusted" ["side", "time"],
        /// "Not done: {side}'s clock would show more than a hundred hours."
        ClockBeyondBound = "clock_beyond_bound" ["side"],
        // The arbiter's clock (6.10.2, A.5.1.1) and flags (6.8, A.5.3, A.5.5).
        /// "{side}'s move counter set: {count} moves completed."
        MovesSet = "moves_set" ["side", "count"],
        /// "Time control set: {control}."
        ControlSet = "control_set" ["control"],
        /// "The time control cannot be set: {reason}."
        ControlBad = "control_bad" ["reason"],
        /// "\"{minutes} + {seconds}\" can be read two ways: …", a control
        /// in words that is refused, never guessed (6.3.1).
        TimePlusOrTag = "time_plus_or_tag" ["minutes", "seconds"],
        /// "\"{minutes} min {seconds} s\" can be read two ways: …"
        TimeMinutesAndSeconds = "time_minutes_and_seconds" ["minutes", "seconds"],
        /// "\"{text}\" is no time control: {problem}", any other control
        /// that cannot be read.
        TimeNotRead = "time_not_read" ["text", "problem"],
        /// "The clock setting cannot be changed: under A.5 both player…"
        ClockSettingLocked = "clock_setting_locked" [],
        /// "The arbiter sees {side}'s flag fall."
        FlagSeen = "flag_seen" ["side"],
        // Guidelines III: games without increment.
        /// "Guidelines III do not apply: {reason}."
        QuickplayOff = "quickplay_off" ["reason"],
        /// "the event has not announced them"
        QuickplayNotAnnounced = "quickplay_not_announced" [],
        /// "the time control has an increment"
        QuickplayHasIncrement = "quickplay_has_increment" [],
        /// "they do not apply to blitz"
        QuickplayBlitz = "quickplay_blitz" [],
        /// "{side} has two minutes or more left; this needs less than …"
        QuickplayTimeLeft = "quickplay_time_left" ["side"],
        /// "Both flags have fallen in the last period: the game is dr…"
        BothFlagsDraw = "both_flags_draw" [],
        /// "Both flags have fallen before the last period: the game c…"
        BothFlagsContinue = "both_flags_continue" [],
        /// "Draw offer from {side}"
        PendingOffer = "pending_offer" ["side"],
        /// "{side} asks for an increment (III.4)"
        PendingIncrement = "pending_increment" ["side"],
        /// "{side} claims under III.5: the arbiter decides"
        PendingClaim = "pending_claim" ["side"],
        /// "Only {side}'s flag has fallen, not both: …"
        OneFlagOnly = "one_flag_only" ["side"],
        /// "{side} asks for an increment of five seconds for both pla…"
        IncrementRequested = "increment_requested" ["side"],
        /// "There is no declined request for an increment to decide."
        IncrementNoRequest = "increment_no_request" [],
        /// "The arbiter agrees: five seconds per move for both player…"
        IncrementGranted = "increment_granted" ["opponent", "time"],
        /// "The arbiter does not agree to the increment; the game goe…"
        IncrementRefused = "increment_refused" [],
        /// "{side} claims a draw: {opponent} cannot win by normal mea…"
        QuickplayClaimed = "quickplay_claimed" ["side", "opponent"],
        /// "A claim is already waiting for the arbiter's decision."
        QuickplayClaimWaiting = "quickplay_claim_waiting" [],
        /// "There is no claim for the arbiter to decide."
        QuickplayNoClaim = "quickplay_no_claim" [],
        /// "The arbiter rejects the claim; {opponent} receives {time}."
        QuickplayRejected = "quickplay_rejected" ["opponent", "time"],
        /// "The arbiter postpones the decision; {opponent} receives {…"
        QuickplayPostponed = "quickplay_postponed" ["opponent", "time"],
        /// "The arbiter decides a postponed claim once a flag has fal…"
        QuickplayAfterFlag = "quickplay_after_flag" [],
        // Adjournment (Guidelines I).
        /// "A move can be sealed only by the player to move, before m…"
        SealNotNow = "seal_not_now" [],
        /// "Move sealed. Envelope: {white_side} {white}, {black_side}…"
        Envelope = "envelope" ["white_side", "black_side", "white", "black", "fen", "white_used", "black_used", "side", "number", "offer"],
        /// "A draw offer by {side} stands."
        EnvelopeOffer = "envelope_offer" ["side"],
        /// "There is no sealed move."
        NoSealed = "no_sealed" [],
        // The end of the game (Art. 5, 6.9, 7.5.5, 9.6).
        /// "Game over: {termination}, {result}."
        Over = "over" ["termination", "result"],
        /// "{termination}, {result}, if the move stands: the game ends w…"
        StandsWhenPressed = "stands_when_pressed" ["termination", "result"],
        /// "The position after move {number}, {side}: {move}, is dead…"
        DeadEarlier = "dead_earlier" ["number", "side", "move", "count"],
        /// "checkmate"
        Checkmate = "checkmate" [],
        /// "stalemate"
        Stalemate = "stalemate" [],
        /// "dead position"
        DeadPosition = "dead_position" [],
        /// "draw agreed"
        Agreement = "agreement" [],
        /// "fivefold repetition"
        FivefoldRepetition = "fivefold_repetition" [],
        /// "75-move rule"
        SeventyFiveMoves = "seventy_five_moves" [],
        /// "threefold repetition claimed"
        ThreefoldClaim = "threefold_claim" [],
        /// "50-move rule claimed"
        FiftyMoveClaim = "fifty_move_claim" [],
        /// "resignation"
        Resignation = "resignation" [],
        /// "flag fall"
        FlagFall = "flag_fall" [],
        /// "second completed illegal move"
        IllegalMoves = "illegal_moves" [],
        /// "the arbiter's decision (Guidelines III)"
        ArbiterDecision = "arbiter_decision" [],
        /// "illegal position still on the board"
        IllegalPositionDraw = "illegal_position" [],
        // Agreed draws (5.2.3, 9.1.2).
        /// "A draw can be agreed only after both players have made at l…"
        AcceptTooEarly = "accept_too_early" [],
        /// "{side} made the draw offer and cannot accept it."
        OwnOffer = "own_offer" ["side"],
        /// "{side} made the draw offer and cannot withdraw it; only the…"
        OfferNotWithdrawn = "offer_not_withdrawn" ["side"],
        /// "The move written with the claim cannot be changed."
        ClaimMoveFixed = "claim_move_fixed" [],
        // A touched piece (D.2.10.5, Art. 4).
        /// "{side} must move the touched piece on {square}."
        TouchMustMove = "touch_must_move" ["side", "square"],
        /// "{side} must capture the touched piece on {square}."
        TouchMustCapture = "touch_must_capture" ["side", "square"],
        /// "{side} touched the king and then the rook on {square}, and
        /// must castle with it (4.4.1)."
        TouchMustCastle = "touch_must_castle" ["side", "square"],
        /// "{side} has touched a piece to move it: the claim on the touched
        /// piece is lost (4.8), and the move stands."
        TouchClaimLost = "touch_claim_lost" ["side"],
        // Adjournment (Guidelines I).
        /// "Resumption: {when}." (I.2.7)
        ResumptionSet = "resumption_set" ["when"],
        /// "The sealed move stays in its envelope; {side}'s clock runs
        /// until they arrive (I.9.2)."
        ResponderClockRuns = "responder_clock_runs" ["side"],
        /// "The reply is sealed in a new envelope; {side}'s clock runs
        /// until they arrive (I.9.3)."
        ReplySealed = "reply_sealed" ["side"],
        // The arbiter's verdict (12.9.6) and the result confirmed (8.7).
        /// "The arbiter declares the game lost for {side}: {reason}."
        Forfeits = "forfeits" ["side", "reason"],
        /// "game declared lost: {reason}", the termination.
        DeclaredLost = "declared_lost" ["reason"],
        /// "arrived after the default time (6.7.1)"
        ForfeitLate = "forfeit_late" [],
        /// "an electronic device in the playing venue (11.3.2.2)"
        ForfeitDevice = "forfeit_device" [],
        /// "persistent refusal to comply with the Laws (11.7)"
        ForfeitRefusal = "forfeit_refusal" [],
        /// "a penalty by the arbiter (12.9.6)"
        ForfeitPenalty = "forfeit_penalty" [],
        /// "The result is confirmed once the game is over (8.7)."
        ConfirmNotOver = "confirm_not_over" [],
        /// "Who confirms the result? Type sign white or sign black."
        ConfirmWhose = "confirm_whose" [],
        /// "{side} confirms the result, {result} (8.7)."
        ResultConfirmed = "result_confirmed" ["side", "result"],
        /// "Result confirmed by {sides} (8.7)", on the score.
        ConfirmedBy = "confirmed_by" ["sides"],
        /// "The move does not honour the touched piece: {duty} The arbi…"
        TouchBreach = "touch_breach" ["duty"],
        /// "The arbiter rules on the touched piece first: touchmove uph…"
        TouchRulingFirst = "touch_ruling_first" [],
        /// "There is no touched piece to rule on."
        NoTouchRuling = "no_touch_ruling" [],
        /// "Upheld: the move is taken back. {duty}"
        TouchUpheld = "touch_upheld" ["duty"],
        /// "The move stands by the arbiter's ruling."
        TouchStands = "touch_stands" [],
        // Completed illegal moves and illegal positions (7.5, A.5.2, A.5.4).
        /// "{side} has not completed a move yet: there is no illegal mo…"
        IllegalNotMoved = "illegal_not_moved" ["side"],
        /// "If {side} made it on the board and pressed the clock, it is a
        /// completed illegal move: the arbiter rules with illegal (7.5.1)."
        IllegalTyped = "illegal_typed" ["side"],
        /// "{text} is not played: {letter} is the {own} in your piece
        /// letters, the {other} only in {languages} ones (Appendix C.3)."
        ForeignLetter = "foreign_letter" ["text", "letter", "own", "other", "languages"],
        /// "Under A.5.2 the illegal move by {side} can no longer be pen…"
        IllegalTooLate = "illegal_too_late" ["side", "opponent"],
        /// "A.5.4 applies only under the rules of A.5 and B.3 for rapid…"
        PositionNotA5 = "position_not_a5" [],
        /// "both kings in check"
        BothKingsInCheck = "both_kings_in_check" [],
        /// "a pawn on the last rank"
        PawnOnLastRank = "pawn_on_last_rank" [],
        /// "The arbiter sees {what}: once the next move is completed, th…"
        PositionSeen = "position_seen" ["what"],
        /// "The next move is not completed yet: the arbiter waits until…"
        PositionWait = "position_wait" [],
        /// "No illegal position has been reported."
        PositionNone = "position_none" [],
        /// "The illegal position no longer stands: the game goes on."
        PositionCorrected = "position_corrected" [],
        // The status line: whose turn and which step (D.2.1–D.2.8).
        /// "the boards diverge: align or takeback"
        StatusDiverged = "status_diverged" [],
        /// "{side} to move: enter a move, or press to start the clock"
        StatusStart = "status_start" ["side"],
        /// "{side} to move: enter a move"
        StatusEnter = "status_enter" ["side"],
        /// "{side} to move: type the move as you hear it"
        StatusHeard = "status_heard" ["side"],
        /// "You are at the keyboard as the player: type your own move, …"
        RoleGuidePlayer = "role_guide_player" [],
        /// "You are at the keyboard as the assistant: type each move …"
        RoleGuideAssistant = "role_guide_assistant" [],
        /// "You are at the keyboard as the arbiter: the move, press, …"
        RoleGuideArbiter = "role_guide_arbiter" [],
        /// "{side}: press the clock, or correct the move"
        StatusAnnounced = "status_announced" ["side"],
        /// "{side}: repeat or confirm the move, then move"
        StatusRepeat = "status_repeat" ["side"],
        /// "adjourned: unseal to resume"
        StatusAdjourned = "status_adjourned" [],
        /// "game over, {result}"
        StatusOver = "status_over" ["result"],
        /// "{status} (the clock is paused: resume restarts it)"
        StatusPaused = "status_paused" ["status"],
        /// "{side} to move"
        ToMove = "to_move" ["side"],
        // What is said as the game opens and as its clock runs.
        /// "The game begins. {side} to move."
        GameBegins = "game_begins" ["side"],
        /// "Clock running" (the prompt that follows says whose turn it is)
        ClockRuns = "clock_runs" [],
        /// "Not during a rated game: the device gives only what the score
        /// and your own board give (11.3.1)."
        NotInRatedGame = "not_in_rated_game" [],
        /// "What is said cannot be written to the transcript ({reason}); …"
        TranscriptFailed = "transcript_failed" ["reason"],
        // The full screen's input line: what Escape, Ctrl-U and the
        // read-back key say.
        /// "Cleared."
        LineCleared = "line_cleared" [],
        /// "Empty."
        LineEmpty = "line_empty" [],
        /// "Typed: {text}"
        LineTyped = "line_typed" ["text"],
    }
}

sentence_keys! {
    /// The sentences of the `[audit]` section: the arbiter's ruling (D.2.9).
    pub enum AuditSentence in "audit" {
        /// "the initial position"
        AtStart = "at_start" [],
        /// "{side}'s move {number}"
        AfterMove = "after_move" ["number", "side"],
        /// "{side} {piece}"
        Piece = "piece" ["piece", "side"],
        /// "Both scores agree, up to {point}."
        ScoresAgree = "scores_agree" ["point"],
        /// "The scores agree only up to {point}. Both boards go back…"
        ScoresDiffer = "scores_differ" ["point", "side"],
        /// "Both boards show the right position."
        BoardsRight = "boards_right" [],
        /// "{side}'s board is right."
        BoardRight = "board_right" ["side"],
        /// "{side}'s board was not given."
        BoardUnchecked = "board_unchecked" ["side"],
        /// "{side}'s board is corrected, {count} squares:"
        BoardWrong = "board_wrong" ["side", "count"],
        /// "on {square} put the {piece}"
        Put = "put" ["square", "piece"],
        /// "from {square} take away the {piece}"
        Remove = "remove" ["square", "piece"],
        /// "on {square} replace the {now} with the {should}"
        Replace = "replace" ["square", "now", "should"],
        /// "move the {piece} from {from} to {to}"
        Shift = "shift" ["piece", "from", "to"],
        /// "Cause: on {owner}'s board, {mover}'s move {number} was ma…"
        WrongExecution = "wrong_execution" ["owner", "mover", "number", "made", "scored"],
        /// "Cause: on {owner}'s board, {mover}'s move {number}, {move…"
        NotMade = "not_made" ["owner", "mover", "number", "move"],
        /// "No single wrongly made move explains {side}'s board."
        NoCause = "no_cause" ["side"],
        /// "Cause: {side}'s score leaves out {mover}'s move {number},…"
        Missing = "missing" ["side", "mover", "number", "move"],
        /// "Cause: {side}'s score has a move too many, {move}, writte…"
        Extra = "extra" ["side", "mover", "number", "move"],
        /// "Cause: {side}'s score has {mover}'s moves {first_number}…"
        Swapped = "swapped" ["side", "mover", "first_number", "second_number", "first", "second"],
        /// "The scores have {mover}'s moves {first_number} and {secon…"
        SwappedUnknown = "swapped_unknown" ["mover", "first_number", "second_number", "first", "second"],
        /// "Cause: {side}'s score has {written} at {mover}'s move {nu…"
        WrongSquare = "wrong_square" ["side", "mover", "number", "written", "right"],
        /// "At {mover}'s move {number} the scores differ: {white_side…"
        Different = "different" ["mover", "number", "white_side", "black_side", "white", "black"],
        /// "nothing"
        NotWritten = "not_written" [],
        /// "{side}'s score is the wrong one."
        WrongScore = "wrong_score" ["side"],
        /// "On {side}'s score, {mover}'s move {number}, {text}, canno…"
        Illegal = "illegal" ["side", "mover", "number", "text"],
        /// "Struck from {side}'s score: {moves}."
        Retract = "retract" ["side", "moves"],
        /// "The clocks are set: {white_side} {white}, {black_side} {b…"
        Clocks = "clocks" ["white_side", "black_side", "white", "black"],
        /// "no time noted"
        ClockUnknown = "clock_unknown" [],
        /// "The scores carry no clock times; the arbiter sets the clo…"
        ClocksUnknown = "clocks_unknown" [],
        /// "and"
        And = "and" [],
    }
}

sentence_keys! {
    /// The sentences of the `[analysis]` section: going through a game.
    pub enum AnalysisSentence in "analysis" {
        /// "{number}, {side}: {move}"
        Move = "move" ["number", "side", "move"],
        /// "clock {time}"
        Clock = "clock" ["time"],
        /// "comment: {text}"
        Comment = "comment" ["text"],
        /// "variation: {moves}"
        Alternatives = "alternatives" ["moves"],
        /// "start position"
        Start = "start" [],
        /// "already at the start"
        AtStart = "at_start" [],
        /// "end of the game, {result}"
        EndOfGame = "end_of_game" ["result"],
        /// "end of the variation"
        EndOfVariation = "end_of_variation" [],
        /// "back, last move {move}"
        Back = "back" ["move"],
        /// "variation {n}: {move}"
        Entered = "entered" ["n", "move"],
        /// "no variation branches off here"
        NoVariation = "no_variation" [],
        /// "left the variation, last move {move}"
        Left = "left" ["move"],
        /// "not in a variation"
        NotInVariation = "not_in_variation" [],
        /// "the game has no move {number}"
        NoSuchMove = "no_such_move" ["number"],
        /// "White wins"
        WhiteWins = "white_wins" [],
        /// "Black wins"
        BlackWins = "black_wins" [],
        /// "draw"
        Draw = "draw" [],
        /// "no result"
        Unfinished = "unfinished" [],
        /// "{side} {piece}"
        Piece = "piece" ["piece", "side"],
        /// "{square}: {piece}"
        OnSquare = "on_square" ["square", "piece"],
        /// "empty"
        Empty = "empty" [],
        /// "{side}: {list}"
        SidePieces = "side_pieces" ["side", "list"],
        /// "and"
        And = "and" [] may_be_empty,
        /// "none"
        None = "none" [],
        /// "{piece} {square}"
        Placed = "placed" ["piece", "square"],
        /// "{square}, {piece}: attacked by {attackers}; defended by {…"
        Attacked = "attacked" ["square", "piece", "attackers", "defenders"],
        /// "{square} is empty; {white}; {black}"
        Controlled = "controlled" ["square", "white", "black"],
        /// "{piece} on {square} can go: {moves}"
        Moves = "moves" ["piece", "square", "moves"],
        /// "{piece} on {square} cannot move"
        NoMoves = "no_moves" ["piece", "square"],
        /// "were it {side}'s move, {piece} on {square} could go: {moves}",
        /// a piece of the side not to move.
        MovesWere = "moves_were" ["piece", "square", "side", "moves"],
        /// "were it {side}'s move, {piece} on {square} could not move"
        NoMovesWere = "no_moves_were" ["piece", "square", "side"],
        /// "{side} is in check and to move; {piece} on {square} can move only after that"
        MovesAfterCheck = "moves_after_check" ["piece", "square", "side"],
        /// "no piece on {square}"
        NothingOn = "nothing_on" ["square"],
        /// "{from} and {to} are not on one diagonal"
        NotADiagonal = "not_a_diagonal" ["from", "to"],
        /// "material {white}, {black}; {balance}"
        Material = "material" ["white", "black", "balance"],
        /// "level"
        Even = "even" [],
        /// "{side} is {n} points up"
        Ahead = "ahead" ["side", "n"],
        /// "{side} to move, move {number}"
        Turn = "turn" ["side", "number"],
        /// "last move {move}"
        Last = "last" ["move"],
        /// "last move {move}, captured: {piece}"
        LastCapture = "last_capture" ["move", "piece"],
        /// "no move played yet"
        NoLast = "no_last" [],
        /// "game {number}: {white} against {black}; {event}; {date};…"
        Game = "game" ["number", "white", "black", "event", "date", "result"],
        /// "{file}: {list}", the pieces of one file.
        FilePieces = "file_pieces" ["file", "list"],
        /// "{side}: {parts}", one side's pawn structure.
        StructureSide = "structure_side" ["side", "parts"],
        /// "{n} pawn islands: {list}" (counted)
        PawnIslands = "pawn_islands" ["n", "list"],
        /// "{from} to {to}", a pawn island's files.
        IslandSpan = "island_span" ["from", "to"],
        /// "isolated: {list}"
        IsolatedPawns = "isolated_pawns" ["list"],
        /// "doubled on {list}"
        DoubledPawns = "doubled_pawns" ["list"],
        /// "passed: {list}"
        PassedPawns = "passed_pawns" ["list"],
        /// "no pawns"
        NoPawns = "no_pawns" [],
        /// "FEN {fen}; written to {file}"
        FenCopied = "fen_copied" ["fen", "file"],
        /// "and sent to the terminal's clipboard", when it was.
        FenClipboard = "fen_clipboard" [],
        /// "FEN {fen}; it could not be written to a file: {reason}"
        FenNotWritten = "fen_not_written" ["fen", "reason"],
        /// "the file holds {n} games" (counted)
        FileGames = "file_games" ["n"],
        /// "unknown", a player the score does not name.
        UnknownPlayer = "unknown_player" [],
        /// "{white} against {black}"
        TagsPlayers = "tags_players" ["white", "black"],
        /// "{name}, rated {elo}"
        Rated = "rated" ["name", "elo"],
        /// "event: {event}"
        TagsEvent = "tags_event" ["event"],
        /// "site: {site}"
        TagsSite = "tags_site" ["site"],
        /// "played {date}"
        TagsDate = "tags_date" ["date"],
        /// "round {round}"
        TagsRound = "tags_round" ["round"],
        /// "time control: {control}"
        TagsTimeControl = "tags_time_control" ["control"],
        /// "opening: {opening}"
        TagsOpening = "tags_opening" ["opening"],
        /// "ECO {eco}"
        TagsEco = "tags_eco" ["eco"],
        /// "annotated by {name}"
        TagsAnnotator = "tags_annotator" ["name"],
        /// "{result}, {how}": the result and how the game ended.
        TagsEnded = "tags_ended" ["result", "how"],
        /// "on time" (Termination "time forfeit")
        EndedOnTime = "ended_on_time" [],
        /// "abandoned"
        EndedAbandoned = "ended_abandoned" [],
        /// "by adjudication"
        EndedAdjudication = "ended_adjudication" [],
        /// "by a rules infraction"
        EndedRulesInfraction = "ended_rules_infraction" [],
        /// "by a player's death"
        EndedDeath = "ended_death" [],
        /// "by an emergency"
        EndedEmergency = "ended_emergency" [],
        /// "not finished"
        EndedUnterminated = "ended_unterminated" [],
        /// "the score gives nothing about the game but its moves"
        NoTags = "no_tags" [],
        /// "{figure}, depth {depth}": an evaluation's figure and depth.
        EvalFigure = "eval_figure" ["figure", "depth"],
        /// "depth {depth}", after a mate found.
        EvalDepth = "eval_depth" ["depth"],
        /// "plus", before an evaluation for White.
        Plus = "plus" [],
        /// "minus", before an evaluation for Black.
        Minus = "minus" [],
        /// "point", the decimal mark said.
        Point = "point" [],
        /// "evaluations are said with their figure and depth"
        EvalFiguresOn = "eval_figures_on" [],
        /// "evaluations are said in words only"
        EvalFiguresOff = "eval_figures_off" [],
        /// "{side} threatens {move}"
        Threat = "threat" ["side", "move"],
        /// "the engine finds no threat"
        NoThreat = "no_threat" [],
        /// "{side} is in check: the threat is on the board"
        ThreatInCheck = "threat_in_check" ["side"],
        /// "the game ends here: try your move in place of one of its moves"
        AfterTheEnd = "after_the_end" [],
        /// "your own moves in this game are not saved: {save} keeps them, {again} leaves without them"
        OwnMovesUnsaved = "own_moves_unsaved" ["save", "again"],
        /// "saved with your variations as game {number} of {file}"
        Saved = "saved" ["number", "file"],
        /// "the game could not be saved in {file}: {reason}"
        NotSaved = "not_saved" ["file", "reason"],
        /// "{square}: {piece}", the board cursor on a piece.
        CursorPiece = "cursor_piece" ["square", "piece"],
        /// "{square}, empty", the board cursor on an empty square.
        CursorEmpty = "cursor_empty" ["square"],
        /// "edge of the board", where the board cursor cannot go on.
        CursorEdge = "cursor_edge" [],
        /// "no such piece on the board"
        CursorNoPiece = "cursor_no_piece" [],
        /// "board cursor on. {square}"
        CursorOn = "cursor_on" ["square"],
        /// "board cursor off"
        CursorOff = "cursor_off" [],
        /// "{n} games reached this position" (counted)
        ExplorerGames = "explorer_games" ["n"],
        /// "{move}: game {game}, {result}", a move one game played.
        ExplorerMoveOne = "explorer_move_one" ["move", "game", "result"],
        /// "{move}: {n} games, {scores}"
        ExplorerMoveMany = "explorer_move_many" ["move", "n", "scores"],
        /// "White {white}, drawn {draws}, Black {black} percent"
        ExplorerScores = "explorer_scores" ["white", "draws", "black"],
        /// "none finished"
        ExplorerNoneFinished = "explorer_none_finished" [],
        /// "and {n} more moves" (counted)
        ExplorerOthers = "explorer_others" ["n"],
        /// "only game {number} reached this position: {players}, {result}; {next}"
        ExplorerOneGame = "explorer_one_game" ["number", "players", "result", "next"],
        /// "it went on with {move}"
        ExplorerWentOn = "explorer_went_on" ["move"],
        /// "its moves end here"
        ExplorerEndedHere = "explorer_ended_here" [],
        /// "no game of the file reaches this position this way"
        ExplorerNoGame = "explorer_no_game" [],
        /// "the opening tree follows the games to move {number} only"
        ExplorerPast = "explorer_past" ["number"],
        /// "building the opening tree of {n} games; the answer follows" (counted)
        ExplorerBuilding = "explorer_building" ["n"],
        /// "the opening tree is still being built; the answer follows"
        ExplorerStillBuilding = "explorer_still_building" [],
        /// "the opening tree is ready; say {command} for the position on the board"
        ExplorerReady = "explorer_ready" ["command"],
        /// "the opening tree could not be built: {reason}"
        ExplorerFailed = "explorer_failed" ["reason"],
        /// "{number}: {white}, {black}", a whole move as the score is read.
        ScorePair = "score_pair" ["number", "white", "black"],
        /// "the score goes on with move {number}; {command} reads on"
        ScoreGoesOn = "score_goes_on" ["number", "command"],
        /// "annotation sign {n}": a glyph ($n) the pack has no words for.
        OtherGlyph = "other_glyph" ["n"],
        /// "on the {day} of {month} {year}"
        DateFull = "date_full" ["day", "month", "year"],
        /// "in {month} {year}"
        DateMonth = "date_month" ["month", "year"],
        /// "in {year}", a date known only by its year.
        DateYear = "date_year" ["year"],
        /// "January"
        January = "january" [],
        /// "February"
        February = "february" [],
        /// "March"
        March = "march" [],
        /// "April"
        April = "april" [],
        /// "May"
        May = "may" [],
        /// "June"
        June = "june" [],
        /// "July"
        July = "july" [],
        /// "August"
        August = "august" [],
        /// "September"
        September = "september" [],
        /// "October"
        October = "october" [],
        /// "November"
        November = "november" [],
        /// "December"
        December = "december" [],
        /// "no game with {name}"
        NoGames = "no_games" ["name"],
        /// "{n} more games, go on with {command}"
        More = "more" ["n", "command"],
        /// "that was the whole list; games lists them again"
        NoMoreGames = "no_more_games" ["command"],
        /// "find what? type find and a name, a year, a result, an ECO code, or a tag's name and a value"
        FindWhat = "find_what" ["command"],
        /// "the full FEN is written to {file}; {command} says it"
        FenKept = "fen_kept" ["file", "command"],
        /// "after {word}, type what to look for"
        FindNeeds = "find_needs" ["word"],
        /// "not a date: {text}. Type a year as 1858, …"
        FindNotADate = "find_not_a_date" ["text"],
        /// "not an ECO code: {text}. Codes run from A00 to E99, …"
        FindNotAnEco = "find_not_an_eco" ["text"],
        /// "not a rating: {text}. Type 2400 for 2400 and more, or 2400-2600"
        FindNotARating = "find_not_a_rating" ["text"],
        /// "not a result: {text}. Type 1-0, 0-1, 1/2-1/2 or *"
        FindNotAResult = "find_not_a_result" ["text"],
        /// "the file cannot be read again to look in its tags: {error}"
        FindUnreadable = "find_unreadable" ["error"],
        /// "there is no game {number}"
        NoSuchGame = "no_such_game" ["number"],
        /// "game {number} is broken, line {line}: {problem}"
        Broken = "broken" ["number", "line", "problem"],
        /// "the position is level"
        EvalEqual = "eval_equal" [],
        /// "{side} is slightly better"
        EvalSlight = "eval_slight" ["side"],
        /// "{side} is better, about {pawns}"
        EvalBetter = "eval_better" ["side", "pawns"],
        /// "{side} is winning, about {pawns}"
        EvalWinning = "eval_winning" ["side", "pawns"],
        /// "{side} mates in {n}"
        EvalMate = "eval_mate" ["side", "n"],
        /// "best line: {moves}"
        BestLine = "best_line" ["moves"],
        /// "one pawn"
        PawnsOne = "pawns_one" [],
        /// "{n} pawns"
        PawnsMany = "pawns_many" ["n"],
        /// "the engine is thinking"
        EngineThinking = "engine_thinking" [],
        /// "the engine answered about a position you have left; {command} asks about this one"
        EngineLeftBehind = "engine_left_behind" ["command"],
        /// "the engine is not answering"
        EngineSilent = "engine_silent" [],
        /// "no engine found"
        NoEngine = "no_engine" [],
        /// "the engine now evaluates every move"
        EngineFollows = "engine_follows" [],
        /// "evaluations are said on request only, the engine's and the
        /// score's"
        EngineOnRequest = "engine_on_request" [],
        // Per move, replays and the position as a list.
        /// "the game has no moves"
        NoMovesInGame = "no_moves_in_game" [],
        /// "time spent {time}"
        Spent = "spent" ["time"],
        /// "the score gives no clock time for this move"
        NoClock = "no_clock" [],
        /// "the clock is said after every move"
        ClockEachMove = "clock_each_move" [],
        /// "the clock is said on request only"
        ClockOnRequest = "clock_on_request" [],
        /// "in the score: {eval}", the evaluation written with the move.
        RecordedEval = "recorded_eval" ["eval"],
        /// "replaying {n} moves" (counted)
        Replaying = "replaying" ["n"],
        /// "replay stopped"
        ReplayStopped = "replay_stopped" [],
        /// "end of the replay"
        ReplayDone = "replay_done" [],
        /// "no move to replay here"
        NothingToReplay = "nothing_to_replay" [],
        /// "replays go at {seconds} seconds a move" (counted)
        Pace = "pace" ["seconds"],
        /// "not a pace: {text}; give seconds from {least} to {most}"
        NotAPace = "not_a_pace" ["text", "least", "most"],
        /// "castling: {list}"
        CastlingRights = "castling_rights" ["list"],
        /// "no castling possible any more"
        NoCastlingRights = "no_castling_rights" [],
        /// "{side} {ways}", one side's castling rights.
        SideCastling = "side_castling" ["side", "ways"],
        /// "short"
        CastlingShort = "castling_short" [],
        /// "long"
        CastlingLong = "castling_long" [],
        /// "en passant on {square}"
        EnPassantOn = "en_passant_on" ["square"],
        /// "{n} games found with {name}" (counted)
        Found = "found" ["n", "name"],
        /// "commands: next, back, start, end, move number, variation,…"
        Help = "help" [],
        /// "not understood: {text}. Say help for the commands"
        Unknown = "unknown" ["text"],
        /// "not a square: {text}"
        NotASquare = "not_a_square" ["text"],
        // Learning from mistakes: the engine pass, its list, a move tried.
        /// "The engine analyses the game to depth {depth}; say progress to hear how far it got"
        PassStarted = "pass_started" ["depth", "confirm"],
        /// "Analysis: move {n} of {total}"
        PassProgress = "pass_progress" ["n", "total"],
        /// "The analysis is done: {n} moves judged"
        PassDone = "pass_done" ["n"],
        /// "The engine stopped at move {n} of {total}; the moves before it are judged"
        PassStopped = "pass_stopped" ["n", "total"],
        /// "The kept analysis {file} is damaged and not used; it is written anew"
        PassCacheDamaged = "pass_cache_damaged" ["file"],
        /// "The engine finds no inaccuracy in this game"
        MistakesNone = "mistakes_none" [],
        /// "{n} moves lost ground (counted)"
        MistakesFound = "mistakes_found" ["n"],
        /// "{number}, {side}: {move}, {severity}, {loss}"
        MistakeItem = "mistake_item" ["number", "side", "move", "severity", "loss"],
        /// "winning chances from {before} to {after} percent": what a
        /// listed move gave away, as the mover's expected score.
        Chances = "chances" ["before", "after"],
        /// "Mistake {index} of {count}: {item}. The position before it is on the board…"
        MistakeAt = "mistake_at" ["index", "count", "item"],
        /// "inaccuracy"
        Inaccuracy = "inaccuracy" [],
        /// "mistake"
        MistakeWord = "mistake" [],
        /// "blunder"
        Blunder = "blunder" [],
        /// "{move}: better than in the game"
        TryBetter = "try_better" ["move"],
        /// "{move}: just as bad as in the game"
        TryAsBad = "try_as_bad" ["move"],
        /// "{move}: worse than in the game"
        TryWorse = "try_worse" ["move"],
        /// "The engine's move: {move}"
        BestMove = "best_move" ["move"],
        /// "The engine gave no move here"
        NoBest = "no_best" [],
        /// "No list of mistakes yet; say mistakes"
        NoMistakesYet = "no_mistakes_yet" [],
        /// "No further mistake in the list"
        MistakesEnd = "mistakes_end" [],
        /// "This is the first mistake of the list"
        MistakesFirst = "mistakes_first" [],
        /// "{side}, {name}: {parts}", one player's game in figures.
        SummaryPlayer = "summary_player" ["side", "name", "parts"],
        /// "accuracy {n} percent"
        SummaryAccuracy = "summary_accuracy" ["n"],
        /// "accuracy once the game is analysed: say {command}"
        SummaryNoAccuracy = "summary_no_accuracy" ["command"],
        /// "longest thinks: {list}"
        SummaryLongest = "summary_longest" ["list"],
        /// "move {number}, {time}"
        SummaryThink = "summary_think" ["number", "time"],
        /// "{n} moves with under a minute left, from move {number}" (counted)
        SummaryShort = "summary_short" ["n", "number"],
        /// "never under a minute"
        SummaryNeverShort = "summary_never_short" [],
        /// "no clock times in the score"
        SummaryNoClock = "summary_no_clock" [],
        /// "The engine is starting; its first answer is not in yet"
        EngineStarting = "engine_starting" [],
        /// "The engine {path} could not be started"
        EngineFailed = "engine_failed" ["path"],
        /// "The engine has stopped; the analysis goes on without it"
        EngineDied = "engine_died" [],
        /// "The game has no moves"
        MistakesNoMoves = "mistakes_no_moves" [],
        // A game read up to its fault, and a file followed as it grows.
        /// "the score breaks off at {number}, {side}: {reason}"
        Fault = "fault" ["number", "side", "reason"],
        /// "illegal move {token}"
        FaultIllegal = "fault_illegal" ["token"],
        /// "unreadable move {token}"
        FaultUnreadable = "fault_unreadable" ["token"],
        /// "damaged text: {excerpt}"
        FaultDamaged = "fault_damaged" ["excerpt"],
        /// "no printable characters"
        Unprintable = "unprintable" [],
        /// "ambiguous move {token}: it could be {moves}"
        FaultAmbiguous = "fault_ambiguous" ["token", "moves"],
        /// "{game}; broken", a game of the list read up to its fault.
        ListedBroken = "listed_broken" ["game"],
        /// "following game {number} of {file}; new moves are said as they come"
        FollowStart = "follow_start" ["number", "file"],
        /// "new move: {move}. Go to it with end"
        FollowNewMove = "follow_new_move" ["move"],
        /// "the game was corrected from {number}, {side} on"
        FollowCorrected = "follow_corrected" ["number", "side"],
        /// "the file {file} is gone; waiting for it to come back"
        FollowGone = "follow_gone" ["file"],
        /// "the file {file} is not a plain file or has more than {most} bytes; …"
        FollowRefused = "follow_refused" ["file", "most"],
        /// "the file {file} is back"
        FollowBack = "follow_back" ["file"],
    }
}

mod browse;
mod command_line;
mod doctor;
mod hall;
mod help;
mod line;
mod screen;
mod seat;
mod seat_screen;
mod setup;
mod speech;

pub use browse::BrowseSentence;
pub use command_line::CommandLineSentence;
pub use doctor::DoctorSentence;
pub use hall::HallSentence;
pub use help::HelpSentence;
pub use line::LineSentence;
pub use screen::ScreenSentence;
pub use seat::SeatSentence;
pub use seat_screen::SeatScreenSentence;
pub use setup::SetupSentence;
pub use speech::SpeechSentence;
