//! The keys of the pack's `[command_line]` section: the words of
//! `zweibrett --help` around the program's own texts (headings, the help
//! and version options, a default, the values an option takes). The texts
//! themselves are its `texts` and `value_names` tables, keyed by what they
//! describe.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[command_line]` section: the words of
    /// `zweibrett --help` around the program's own texts.
    pub enum CommandLineSentence in "command_line" {
        /// "Usage:", before how a command is written.
        Usage = "usage" [],
        /// "Commands:", the heading of the subcommands.
        Commands = "commands" [],
        /// "Arguments:", the heading of the arguments given without a name.
        Arguments = "arguments" [],
        /// "Options:", the heading of the options.
        Options = "options" [],
        /// "OPTIONS", in a usage line: "[OPTIONS]".
        OptionsWord = "options_word" [],
        /// "COMMAND", in a usage line: "<COMMAND>".
        CommandWord = "command_word" [],
        /// "Print help", `-h` where there is nothing longer to show.
        HelpFlag = "help_flag" [],
        /// "Print help (more with --help)", `-h` in the summary.
        HelpFlagMore = "help_flag_more" [],
        /// "Print help (a summary with -h)", `--help` in the long help.
        HelpFlagSummary = "help_flag_summary" [],
        /// "Print version"
        VersionFlag = "version_flag" [],
        /// "Print this help, or the help of the given command", the
        /// `help` subcommand.
        HelpCommand = "help_command" [],
        /// "default: {value}", after an option's text.
        Default = "default" ["value"],
        /// "values: {values}", after an option's text in the summary.
        Values = "values" ["values"],
        /// "Values:", before the list of an option's values with what
        /// each means, in the long help.
        ValuesHeading = "values_heading" [],
    }
}
