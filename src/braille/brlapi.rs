//! BrlAPI, the interface of BRLTTY, loaded from `libbrlapi.so.0.8` when a
//! display is asked for, so that the program builds and runs without it.
//! BrlAPI keeps one connection per process; only the display's own thread
//! calls it once the connection is open.

use std::ffi::{CString, c_char, c_int, c_uint};

use zweibrett_core::braille::Window;

use libloading::Library;

use super::{BrailleError, BrailleFault};

/// The library's names, newest first.
const LIBRARIES: &[&str] = &["libbrlapi.so.0.8", "libbrlapi.so"];

/// `brlapi_error_t`.
#[repr(C)]
struct ErrorRecord {
    brlerrno: c_int,
    libcerrno: c_int,
    gaierrno: c_int,
    errfun: *const c_char,
}

/// `brlapi_writeArguments_t`: what to write, and where.
#[repr(C)]
struct WriteArguments {
    display_number: c_int,
    region_begin: c_uint,
    region_size: c_int,
    text: *const c_char,
    text_size: c_int,
    and_mask: *const u8,
    or_mask: *const u8,
    cursor: c_int,
    charset: *const c_char,
}

/// `BRLAPI_DISPLAY_DEFAULT`.
const DISPLAY_DEFAULT: c_int = -1;
/// `BRLAPI_CURSOR_OFF`.
const CURSOR_OFF: c_int = 0;

/// `brlapi_rangeType_command`: every key of one command block.
const RANGE_COMMAND: c_int = 2;
/// `brlapi_rangeType_all`.
const RANGE_ALL: c_int = 0;

type Open = unsafe extern "C" fn(*const u8, *mut u8) -> c_int;
type Size = unsafe extern "C" fn(*mut c_uint, *mut c_uint) -> c_int;
type EnterTty = unsafe extern "C" fn(c_int, *const c_char) -> c_int;
type EnterPath = unsafe extern "C" fn(*const c_int, c_int, *const c_char) -> c_int;
type Write = unsafe extern "C" fn(*const WriteArguments) -> c_int;
type ReadKey = unsafe extern "C" fn(c_int, *mut u64) -> c_int;
type Keys = unsafe extern "C" fn(c_int, *const u64, c_uint) -> c_int;
type Leave = unsafe extern "C" fn() -> c_int;
type Close = unsafe extern "C" fn();
type ErrorLocation = unsafe extern "C" fn() -> *mut ErrorRecord;

/// The functions of BrlAPI the display uses.
pub struct Api {
    open: Open,
    size: Size,
    enter_tty: EnterTty,
    enter_path: EnterPath,
    write: Write,
    read_key: ReadKey,
    accept: Keys,
    ignore: Keys,
    leave: Leave,
    close: Close,
    error_location: ErrorLocation,
    // Kept loaded for as long as the process runs.
    _library: Library,
}

/// BrlAPI once loaded, for the rest of the process: it keeps its error
/// record per thread with a destructor in the library, which would run
/// after an unload and crash the program.
static LOADED: std::sync::OnceLock<Option<Api>> = std::sync::OnceLock::new();

impl Api {
    /// BrlAPI, loaded the first time; an error when no library of its can
    /// be loaded.
    pub fn load() -> Result<&'static Api, BrailleError> {
        LOADED
            .get_or_init(|| Api::open().ok())
            .as_ref()
            .ok_or(BrailleError::NoLibrary)
    }

    fn open() -> Result<Api, BrailleError> {
        let library = LIBRARIES
            .iter()
            // SAFETY: loading BrlAPI runs no initialiser with side effects.
            .find_map(|name| unsafe { Library::new(name) }.ok())
            .ok_or(BrailleError::NoLibrary)?;
        // SAFETY: each symbol is taken with the signature brlapi.h gives it.
        unsafe {
            macro_rules! get {
                ($name:literal) => {
                    *library
                        .get(concat!($name, "\0").as_bytes())
                        .map_err(|_| BrailleError::NoLibrary)?
                };
            }
            Ok(Api {
                open: get!("brlapi_openConnection"),
                size: get!("brlapi_getDisplaySize"),
                enter_tty: get!("brlapi_enterTtyMode"),
                enter_path: get!("brlapi_enterTtyModeWithPath"),
                write: get!("brlapi_write"),
                read_key: get!("brlapi_readKey"),
                accept: get!("brlapi_acceptKeys"),
                ignore: get!("brlapi_ignoreKeys"),
                leave: get!("brlapi_leaveTtyMode"),
                close: get!("brlapi_closeConnection"),
                error_location: get!("brlapi_error_location"),
                _library: library,
            })
        }
    }

    /// BrlAPI's last error, by its kind.
    fn error(&self) -> BrailleFault {
        // SAFETY: the error record is the library's own, per thread.
        unsafe {
            let record = (self.error_location)();
            if record.is_null() {
                return BrailleFault::Other {
                    brlapi: 0,
                    system: 0,
                };
            }
            BrailleFault::of((*record).brlerrno, (*record).libcerrno)
        }
    }

    /// Connects to BRLTTY as `BRLAPI_HOST` and `BRLAPI_AUTH` say, or as
    /// BrlAPI's defaults do; the socket to wait on.
    pub fn connect(&self) -> Result<c_int, BrailleError> {
        // SAFETY: null settings take the environment's or the defaults.
        let fd = unsafe { (self.open)(std::ptr::null(), std::ptr::null_mut()) };
        if fd < 0 {
            let error = BrailleError::NotRunning(self.error());
            log::debug!(target: "braille", "no connection: {error:?}");
            return Err(error);
        }
        Ok(fd)
    }

    /// The display's cells, every line counted; an error when BRLTTY has
    /// no display.
    pub fn cells(&self) -> Result<usize, BrailleError> {
        let (mut width, mut height): (c_uint, c_uint) = (0, 0);
        // SAFETY: two out-parameters of the declared type.
        if unsafe { (self.size)(&mut width, &mut height) } < 0 {
            return Err(BrailleError::NotRunning(self.error()));
        }
        match (width as usize) * (height as usize) {
            0 => Err(BrailleError::NoDisplay),
            cells => Ok(cells),
        }
    }

    /// Takes the display while the program's terminal has the focus, as
    /// BrlAPI's tty mode does; inside tmux on a console, while that
    /// console has it; where no terminal of BRLTTY's can be named (no
    /// screen driver, ssh, a session it does not track), the display is
    /// taken at the root of its tree. Keys come as commands.
    pub fn take_display(&self) -> Result<(), BrailleError> {
        let driver = CString::default();
        // SAFETY: -1 is BRLAPI_TTY_DEFAULT; an empty driver name asks for
        // commands rather than the driver's own key codes.
        if unsafe { (self.enter_tty)(-1, driver.as_ptr()) } >= 0 {
            log::debug!(target: "braille", "display taken in this terminal");
            return Ok(());
        }
        // Inside tmux on a console: the console its client is on.
        // SAFETY: a console's number and the same driver name.
        if let super::Focus::Console(n) = super::focus()
            && unsafe { (self.enter_tty)(n as c_int, driver.as_ptr()) } >= 0
        {
            log::debug!(target: "braille", "display taken on console {n}");
            return Ok(());
        }
        // SAFETY: an empty path is the root of BRLTTY's tree of terminals.
        if unsafe { (self.enter_path)(std::ptr::null(), 0, driver.as_ptr()) } >= 0 {
            log::debug!(target: "braille", "display taken at the root: no terminal named");
            return Ok(());
        }
        Err(BrailleError::NotRunning(self.error()))
    }

    /// Gives the display back to BRLTTY (a screen reader's review) while
    /// the connection stays open; [`Api::take_display`] takes it again.
    pub fn give_back(&self) -> Result<(), BrailleError> {
        // SAFETY: leaving tty mode is allowed in any state.
        if unsafe { (self.leave)() } < 0 {
            return Err(BrailleError::Lost(self.error()));
        }
        Ok(())
    }

    /// Keeps the keys of `commands` (BrlAPI command codes, their argument
    /// aside) for the program; every other key goes back to BRLTTY.
    pub fn keep_keys(&self, commands: &[u64]) -> Result<(), BrailleError> {
        // SAFETY: an array of `commands.len()` key codes.
        let ignored = unsafe { (self.ignore)(RANGE_ALL, std::ptr::null(), 0) };
        let kept =
            unsafe { (self.accept)(RANGE_COMMAND, commands.as_ptr(), commands.len() as c_uint) };
        if ignored < 0 || kept < 0 {
            return Err(BrailleError::NotRunning(self.error()));
        }
        Ok(())
    }

    /// Shows `shown`, exactly the display's width: its text in UTF-8, so
    /// that BRLTTY gives letters the dots of the reader's own text table
    /// and braille patterns their own dots; its marks (the underline, a
    /// White piece's dot 7) added to each cell.
    pub fn write(&self, shown: &Window) -> Result<(), BrailleError> {
        let cells = shown.marks.len();
        let charset = c"UTF-8";
        let arguments = WriteArguments {
            display_number: DISPLAY_DEFAULT,
            region_begin: 1,
            // Negative: the rest of the display is blanked as well.
            region_size: -(cells as c_int),
            text: shown.text.as_ptr().cast(),
            text_size: shown.text.len() as c_int,
            and_mask: std::ptr::null(),
            or_mask: shown.marks.as_ptr(),
            // BrlAPI counts cells from 1.
            cursor: shown.cursor.map_or(CURSOR_OFF, |at| at as c_int + 1),
            charset: charset.as_ptr(),
        };
        // SAFETY: the text holds `cells` characters in `text_size` bytes of
        // UTF-8 and the mask `cells` bytes, both alive for the call.
        if unsafe { (self.write)(&arguments) } < 0 {
            return Err(BrailleError::Lost(self.error()));
        }
        Ok(())
    }

    /// A key pressed, if one waits; never blocks.
    pub fn key(&self) -> Result<Option<u64>, BrailleError> {
        let mut code = 0u64;
        // SAFETY: one out-parameter; 0 asks not to wait.
        match unsafe { (self.read_key)(0, &mut code) } {
            n if n < 0 => Err(BrailleError::Lost(self.error())),
            0 => Ok(None),
            _ => Ok(Some(code)),
        }
    }

    /// Gives the display back and closes the connection.
    pub fn release(&self) {
        // SAFETY: leaving and closing are allowed in any state.
        unsafe {
            (self.leave)();
            (self.close)();
        }
    }
}
