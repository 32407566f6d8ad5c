// Errors are values: every fallible function returns Status or Result<T>.
// Nothing in the library throws or aborts on bad input. Only memory running out throws (operator new's
// std::bad_alloc), which the wasm module's entry points turn into kOutOfMemory (bindings/interop.h).
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace ow {

// Stable codes, mirrored as strings on the JS Error (`err.code`).
enum class ErrorCode {
  kOk = 0,
  kInvalidArgument,  // bad tensor, attribute or input for an operator
  kUnsupported,      // operator, version, type or feature this runtime lacks
  kInvalidModel,     // malformed or inconsistent model file
  kOutOfMemory,      // allocation failed or a size overflowed
  kInternal,         // a bug: an exception other than std::bad_alloc reached an entry point
};

const char* error_code_name(ErrorCode code);

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return Status(); }
  bool ok() const { return code_ == ErrorCode::kOk; }
  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }

  // Prefixes context, e.g. "node 'pool1': " + message.
  Status with_context(const std::string& prefix) const {
    return ok() ? *this : Status(code_, prefix + message_);
  }

 private:
  ErrorCode code_ = ErrorCode::kOk;
  std::string message_;
};

inline Status InvalidArgument(std::string m) { return Status(ErrorCode::kInvalidArgument, std::move(m)); }
inline Status Unsupported(std::string m) { return Status(ErrorCode::kUnsupported, std::move(m)); }
inline Status InvalidModel(std::string m) { return Status(ErrorCode::kInvalidModel, std::move(m)); }
inline Status OutOfMemory(std::string m) { return Status(ErrorCode::kOutOfMemory, std::move(m)); }

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}          // NOLINT: implicit by design
  Result(Status status) : v_(std::move(status)) {}   // NOLINT: must be an error
  bool ok() const { return std::holds_alternative<T>(v_); }
  const Status& status() const {
    static const Status kOk;
    return ok() ? kOk : std::get<Status>(v_);
  }
  T& value() { return std::get<T>(v_); }
  const T& value() const { return std::get<T>(v_); }
  T&& take() { return std::move(std::get<T>(v_)); }

 private:
  std::variant<T, Status> v_;
};

}  // namespace ow

#define OW_CONCAT_INNER(a, b) a##b
#define OW_CONCAT(a, b) OW_CONCAT_INNER(a, b)

#define OW_RETURN_IF_ERROR(expr)            \
  do {                                      \
    ::ow::Status ow_status_ = (expr);       \
    if (!ow_status_.ok()) return ow_status_; \
  } while (0)

#define OW_ASSIGN_OR_RETURN_IMPL(tmp, lhs, expr) \
  auto tmp = (expr);                             \
  if (!tmp.ok()) return tmp.status();            \
  lhs = tmp.take()

#define OW_ASSIGN_OR_RETURN(lhs, expr) OW_ASSIGN_OR_RETURN_IMPL(OW_CONCAT(ow_result_, __LINE__), lhs, expr)
