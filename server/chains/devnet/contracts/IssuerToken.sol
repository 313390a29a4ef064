// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A minimal ERC-20 whose owner (the issuer) mints to and burns from any holder: the issuer interface
/// `EvmChainGateway` speaks. For tests and the local devnet of `npm start`. The owner may name further minters, as
/// real deployments have minter roles: the supply watch's tests mint with one, behind Tokenrail's back.
contract IssuerToken {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    address public immutable owner;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public isMinter;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, address issuer) {
        name = name_;
        symbol = symbol_;
        owner = issuer;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "caller is not the issuer");
        _;
    }

    function addMinter(address minter) external onlyOwner {
        isMinter[minter] = true;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == owner || isMinter[msg.sender], "caller is not the issuer");
        require(to != address(0), "mint to the zero address");
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function burn(address from, uint256 amount) external onlyOwner {
        require(balanceOf[from] >= amount, "burn amount exceeds balance");
        balanceOf[from] -= amount;
        totalSupply -= amount;
        emit Transfer(from, address(0), amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(allowance[from][msg.sender] >= amount, "insufficient allowance");
        allowance[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        require(to != address(0), "transfer to the zero address");
        require(balanceOf[from] >= amount, "transfer amount exceeds balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
